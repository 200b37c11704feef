import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import type { Db } from "@/db/client";
import type { Severidad } from "@/db/schema";
import { formatCuit } from "@/lib/cuit";
import { recentEvents } from "@/lib/monitoring/events";
import type { SectionChange } from "@/lib/schemas/monitoring";
import { formatDateTime } from "@/components/format";
import { SECCION, SEVERIDAD } from "@/components/labels/monitoring";

const FILTERS: { value: Severidad | null; label: string }[] = [
  { value: null, label: "Todas" },
  { value: "alta", label: "Alta" },
  { value: "media", label: "Media" },
  { value: "info", label: "Info" },
];

/** The account's latest change events with their severity, filtered by severity; each offers the update report. */
export async function EventsCard({ db, accountId, severidad }: { db: Db; accountId: string; severidad: Severidad | null }) {
  const events = (await recentEvents(db, accountId, { severidad: severidad ?? undefined, limit: 50 })).filter((e) => e.tipo === "monitoreo.cambio");
  return (
    <Card
      id="eventos"
      title="Cambios detectados"
      description="Qué se movió en las fuentes de tus CUITs. El detalle está en la actualización del informe (50 unidades)."
    >
      <nav aria-label="Filtrar por severidad" className="mb-4 flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <Link
            key={f.label}
            href={f.value ? `/monitoreo?severidad=${f.value}#eventos` : "/monitoreo#eventos"}
            aria-current={f.value === severidad ? "page" : undefined}
            className={`rounded-full px-3 py-1 text-sm ring-1 ring-slate-300 ${f.value === severidad ? "bg-slate-900 text-white" : "text-slate-800"}`}
          >
            {f.label}
          </Link>
        ))}
      </nav>
      {events.length === 0 ? (
        <EmptyState title="Sin cambios por ahora">Cuando una fuente cambie para un CUIT que monitoreás, lo vas a ver acá.</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200">
          {events.map((e) => {
            const secciones = ((e.datos as { secciones?: SectionChange[] }).secciones ?? []);
            return (
              <li key={e.evento_id} className="flex flex-wrap items-start justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    {e.severidad && <Badge tone={SEVERIDAD[e.severidad].tone}>{SEVERIDAD[e.severidad].label}</Badge>}
                    <span className="font-mono text-sm">{e.cuit ? formatCuit(e.cuit) : ""}</span>
                    {typeof e.datos.etiqueta === "string" && <span className="text-sm text-slate-600">{e.datos.etiqueta}</span>}
                    <span className="text-sm text-slate-500">{formatDateTime(e.creado_en)}</span>
                  </p>
                  <ul className="mt-1 text-sm text-slate-800">
                    {secciones.map((s) => (
                      <li key={s.seccion}>
                        <span className="font-medium">{SECCION[s.seccion] ?? s.seccion}:</span> {s.resumen}
                      </li>
                    ))}
                  </ul>
                </div>
                {e.cuit && (
                  <Link href={`/informes/nuevo?cuit=${e.cuit}`} className="text-sm font-medium text-brand-700 underline">
                    Generar actualización<span className="sr-only"> de {formatCuit(e.cuit)}</span>
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
