import type { Concurso, Section } from "@/lib/schemas/sections";
import { formatDay, formatMoney } from "@/components/format";
import { NothingFound } from "../section-frame";

/** Concursos y quiebras: each proceeding with its court, dates and trustee. */
export function InsolvencySection({ section }: { section: Section & { concursos?: Concurso[] | null } }) {
  const concursos = section.concursos ?? [];
  if (concursos.length === 0) return <NothingFound>Sin procesos concursales ni de quiebra.</NothingFound>;
  return (
    <ul className="space-y-3">
      {concursos.map((c, i) => (
        <li key={`${c.expediente ?? c.juzgado}-${i}`} className="rounded-lg border border-amber-300 bg-amber-50 p-4 print:break-inside-avoid">
          <p className="font-semibold text-amber-950">
            {c.tipo_proceso} · abierto el {formatDay(c.fecha_apertura)}
          </p>
          <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
            <Item label="Estado" value={c.estado} />
            <Item label="Juzgado" value={[c.juzgado, c.secretaria].filter(Boolean).join(", ")} />
            <Item label="Expediente" value={c.expediente} />
            <Item label="Jurisdicción" value={c.jurisdiccion} />
            <Item label="Síndico" value={c.sindico} />
            <Item label="Pasivo denunciado ($)" value={c.monto_pasivo === null ? null : formatMoney(c.monto_pasivo)} />
          </dl>
        </li>
      ))}
    </ul>
  );
}

function Item({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="flex gap-2">
      <dt className="text-slate-700">{label}:</dt>
      <dd className={value ? "font-medium text-slate-900" : "text-slate-700 italic"}>{value ?? "Sin dato"}</dd>
    </div>
  );
}
