import { Badge } from "@/components/ui/badge";
import type { Section } from "@/lib/schemas/sections";
import { NothingFound } from "../section-frame";

/**
 * Sanctions and PEP lists. The first field is the count; each further field is one hit, labelled by its list. A hit
 * is a lead to check, not a finding, so its match score is shown with it.
 */
export function ScreeningSection({ section }: { section: Section }) {
  const hits = section.fields.slice(1);
  if (hits.length === 0) return <NothingFound>Sin coincidencias en listas de sanciones ni de personas expuestas políticamente.</NothingFound>;
  return (
    <>
      <p className="mb-3 text-sm text-slate-700">
        {hits.length === 1 ? "Hay 1 coincidencia" : `Hay ${hits.length} coincidencias`} por nombre o documento. Verificá cada una antes de
        sacar conclusiones.
      </p>
      <ul className="space-y-2">
        {hits.map((hit, i) => (
          <li key={`${hit.label}-${i}`} className="rounded-lg border border-red-200 bg-red-50 p-3 print:break-inside-avoid">
            <Badge tone="danger">{hit.label}</Badge>
            <p className="mt-1 text-sm text-slate-900">{hit.value ?? "Sin detalle"}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
