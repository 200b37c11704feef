import { Card } from "@/components/ui/card";
import { redFlags } from "@/lib/reports/red-flags";
import type { Sections } from "@/lib/schemas/sections";

/**
 * The report opens with what matters: each red flag computed from the sections, linked to the section that shows
 * it; "Sin alertas" when there is none. Only what the sections say: an unavailable section raises nothing, and the
 * note says so.
 */
export function RedFlagsSummary({ sections }: { sections: Sections }) {
  const flags = redFlags(sections);
  const unavailable = Object.values(sections).some((s) => s?.status === "no_disponible");
  return (
    <Card title="Alertas" id="alertas" className="mb-6 print:border-0 print:p-0 print:shadow-none">
      {flags.length === 0 ? (
        <p className="flex items-center gap-2 font-medium text-green-900" data-testid="sin-alertas">
          <span aria-hidden="true">✓</span> Sin alertas: ninguna sección muestra deudas irregulares, cheques impagos, sanciones, APOC, concursos ni
          una CUIT inactiva.
        </p>
      ) : (
        <ul className="space-y-2" aria-label="Alertas del informe">
          {flags.map((f) => (
            <li
              key={f.key}
              data-flag={f.key}
              className={`rounded-lg border-l-4 px-4 py-3 ${f.severity === "alta" ? "border-red-600 bg-red-50 text-red-950" : "border-amber-500 bg-amber-50 text-amber-950"}`}
            >
              <a href={`#${f.section}`} className="font-semibold underline">
                {f.title}
              </a>
              <span className="sr-only">{f.severity === "alta" ? " (gravedad alta)" : " (gravedad media)"}</span>
              <p className="mt-0.5 text-sm">{f.detail}</p>
            </li>
          ))}
        </ul>
      )}
      {unavailable && <p className="mt-3 text-sm text-slate-600">Alguna sección no estuvo disponible: sus datos no entran en estas alertas.</p>}
    </Card>
  );
}
