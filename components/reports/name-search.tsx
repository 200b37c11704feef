import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import { formatCuit } from "@/lib/cuit";
import type { SearchResult } from "@/lib/schemas/search";

const KIND: Record<string, string> = { FISICA: "Persona humana", JURIDICA: "Persona jurídica" };

/**
 * Search by name when the CUIT is not at hand (GET /v1/search under the hood): a plain GET form, so the results
 * have an address, each one a link to its quote. Searching is free.
 */
export function NameSearch({ query, results, error }: { query: string; results: SearchResult[] | null; error: string | null }) {
  return (
    <>
      <form method="get" role="search" aria-label="Buscar por nombre" className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor="nombre" className="block text-sm font-medium text-slate-900">
            Nombre o razón social
          </label>
          <input
            id="nombre"
            name="nombre"
            type="search"
            defaultValue={query}
            minLength={3}
            maxLength={100}
            autoComplete="off"
            aria-describedby="nombre-ayuda"
            className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-3 text-base"
          />
          <p id="nombre-ayuda" className="mt-1 text-sm text-slate-600">
            Buscamos en el padrón de ARCA sin importar mayúsculas, acentos ni el orden de las palabras. Buscar no tiene costo.
          </p>
        </div>
        <button type="submit" className={buttonClass("secondary", "md", "sm:mb-7")}>
          Buscar
        </button>
      </form>
      {error && (
        <Alert tone="danger" live="alert" className="mt-4">
          {error}
        </Alert>
      )}
      {results && results.length === 0 && <p className="mt-4 text-slate-700">Ningún nombre del padrón se parece a «{query}».</p>}
      {results && results.length > 0 && (
        <ul className="mt-4 divide-y divide-slate-200" aria-label="Resultados de la búsqueda">
          {results.map((r) => (
            <li key={r.cuit} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-medium break-words text-slate-900">{r.denominacion}</p>
                <p className="text-sm text-slate-600">
                  CUIT {formatCuit(r.cuit)}
                  {r.tipo_persona && ` · ${KIND[r.tipo_persona]}`}
                  {r.provincia && ` · ${r.provincia}`}
                </p>
              </div>
              <Link href={`/informes/nuevo?cuit=${r.cuit}`} className={buttonClass("primary", "sm", "self-start sm:self-auto")}>
                Cotizar<span className="sr-only"> el informe de {r.denominacion}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
