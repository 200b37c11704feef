import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { DatasetCard } from "@/components/catalog/dataset-card";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Field, inputClass } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { listDatasets } from "@/lib/catalog/list";
import { catalogFacets, filterDatasets } from "@/lib/catalog/browse";
import { catalogViewer } from "@/lib/web/catalog";
import { currentCaller } from "@/lib/web/current-caller";
import { pageDb } from "@/lib/web/page-db";
import { textParam } from "@/lib/web/paging";
import { ownOrigin } from "@/lib/web/request-origin";

export const metadata: Metadata = { title: "Catálogo de datasets" };

// /datasets – the published catalog the visitor may see (the API's visibility rules), searched and filtered
export default async function CatalogPage({ searchParams }: { searchParams: Promise<{ q?: string; etiqueta?: string; fuente?: string }> }) {
  const params = await searchParams;
  const filter = { q: textParam(params.q, 100), tag: textParam(params.etiqueta, 60), source: textParam(params.fuente, 60) };
  const [caller, db] = await Promise.all([currentCaller(), pageDb()]);
  const { datasets } = await listDatasets(db, catalogViewer(caller), ownOrigin(await headers()));
  const facets = catalogFacets(datasets);
  const results = filterDatasets(datasets, filter);
  const filtered = Boolean(filter.q || filter.tag || filter.source);
  return (
    <>
      <PageHeader
        title="Catálogo de datasets"
        description="Datos públicos de Argentina, normalizados y documentados: qué tiene cada columna, cada cuánto se actualiza, cómo consultarlo y qué tener en cuenta."
      />
      {!caller && (
        <Alert tone="info" className="mb-6">
          <Link href="/login?next=%2Fdatasets" className="font-medium underline">
            Ingresá
          </Link>{" "}
          para ver los datasets de tu plan. Los planes Ultimate, Team y Enterprise descargan los snapshots completos en Parquet y CSV.
        </Alert>
      )}
      <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <Card title="Buscar y filtrar" className="self-start">
          <form key={`${filter.q}|${filter.tag}|${filter.source}`} role="search" action="/datasets" className="space-y-4">
            <Field label="Buscar" hint="En el nombre, la descripción y las etiquetas.">
              <input name="q" type="search" defaultValue={filter.q} maxLength={100} placeholder="deudores, cheques…" className={inputClass} />
            </Field>
            <Field label="Etiqueta">
              <select name="etiqueta" defaultValue={filter.tag} className={inputClass}>
                <option value="">Todas</option>
                {facets.tags.map((t) => (
                  <option key={t.tag} value={t.tag}>
                    {t.tag} ({t.count})
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Fuente">
              <select name="fuente" defaultValue={filter.source} className={inputClass}>
                <option value="">Todas</option>
                {facets.sources.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name} ({s.count})
                  </option>
                ))}
              </select>
            </Field>
            <div className="flex flex-wrap gap-2">
              <button type="submit" className={buttonClass("primary")}>
                Buscar
              </button>
              {filtered && (
                <Link href="/datasets" className={buttonClass("ghost")}>
                  Limpiar
                </Link>
              )}
            </div>
          </form>
        </Card>
        <section aria-labelledby="resultados">
          <h2 id="resultados" className="sr-only">
            Resultados
          </h2>
          <p className="mb-4 text-sm text-slate-700" data-testid="catalog-count">
            {filtered
              ? `${results.length} de ${datasets.length} datasets coinciden con la búsqueda.`
              : `${datasets.length} ${datasets.length === 1 ? "dataset" : "datasets"} en el catálogo.`}
          </p>
          {results.length === 0 ? (
            <EmptyState
              title={filtered ? "Ningún dataset coincide con la búsqueda" : "Todavía no hay datasets publicados"}
              action={
                filtered ? (
                  <Link href="/datasets" className={buttonClass("secondary")}>
                    Ver todo el catálogo
                  </Link>
                ) : undefined
              }
            >
              {filtered && "Probá con otras palabras o quitá algún filtro."}
            </EmptyState>
          ) : (
            <ul className="space-y-4">
              {results.map((d) => (
                <li key={d.dataset_id}>
                  <DatasetCard dataset={d} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
