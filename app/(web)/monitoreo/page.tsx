import type { Metadata } from "next";
import Link from "next/link";
import { ActionForm } from "@/components/ui/action-form";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Field, inputClass } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { Table, tdClass, thClass } from "@/components/ui/table";
import type { Severidad } from "@/db/schema";
import { formatCuit } from "@/lib/cuit";
import { watchLimitOfTier } from "@/lib/monitoring/limits";
import { listWatches } from "@/lib/monitoring/watchlist";
import { requireCaller } from "@/lib/web/current-caller";
import { formatDateTime, formatInt, plural } from "@/components/format";
import { pageDb } from "@/lib/web/page-db";
import { unwatchAction, watchListAction } from "./actions";
import { EventsCard } from "./events-card";
import { SEVERIDAD } from "@/components/labels/monitoring";
import { WebhooksCard } from "./webhooks-card";

export const metadata: Metadata = { title: "Monitoreo" };

const isSeveridad = (v: string | undefined): v is Severidad => v === "alta" || v === "media" || v === "info";

// /monitoreo – the watched CUITs with their last change, adding many at once, the change events and the webhooks
export default async function MonitoringPage({ searchParams }: { searchParams: Promise<{ severidad?: string }> }) {
  const caller = await requireCaller("/monitoreo");
  const db = await pageDb();
  const limit = watchLimitOfTier(caller.account.planTier, caller.account.isAdmin);
  const { severidad } = await searchParams;
  const watches = await listWatches(db, caller.accountId, limit, { limit: 100, offset: 0 });
  return (
    <>
      <PageHeader
        title="Monitoreo"
        description="Vigilá CUITs sin costo: cuando cambian sus fuentes (BCRA, cheques, listas, APOC, concursos…) te avisamos, y generás la actualización si te interesa."
      />
      {limit === 0 ? (
        <Alert tone="info" title="Tu plan no incluye monitoreo" className="mb-6">
          Pro vigila hasta 100 CUITs, Ultimate 1.000, Team 10.000 y Enterprise 100.000.{" "}
          <Link href="/planes" className="underline">
            Ver planes
          </Link>
        </Alert>
      ) : (
        <Card title="Agregar CUITs" description={`Monitoreás ${formatInt(watches.total)} de ${plural(limit, "CUIT", "CUITs")} que permite tu plan.`}>
          <ActionForm action={watchListAction} submitLabel="Agregar" pendingLabel="Agregando…">
            <Field label="CUIT o DNI, uno por línea" hint="Podés agregar una etiqueta después de una coma: 30-50001091-2, Proveedor principal" className="sm:min-w-96">
              <textarea name="lista" rows={4} className={inputClass} />
            </Field>
            <Field label="O subí un CSV" hint="Primera columna CUIT o DNI; segunda, etiqueta (opcional).">
              <input name="archivo" type="file" accept=".csv,.txt,text/csv,text/plain" className="text-sm" />
            </Field>
          </ActionForm>
        </Card>
      )}
      <Card title="CUITs monitoreados" className="mt-6">
        {watches.items.length === 0 ? (
          <EmptyState title="Todavía no monitoreás ningún CUIT" />
        ) : (
          <Table caption="CUITs monitoreados, del más reciente al más antiguo">
            <thead>
              <tr>
                <th scope="col" className={thClass}>CUIT</th>
                <th scope="col" className={thClass}>Etiqueta</th>
                <th scope="col" className={thClass}>Último cambio</th>
                <th scope="col" className={thClass}><span className="sr-only">Acciones</span></th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {watches.items.map((w) => (
                <tr key={w.cuit}>
                  <td className={`${tdClass} font-mono`}>{formatCuit(w.cuit)}</td>
                  <td className={tdClass}>{w.etiqueta ?? "—"}</td>
                  <td className={tdClass}>
                    {w.ultimo_cambio ? (
                      <>
                        <Badge tone={SEVERIDAD[w.ultimo_cambio.severidad].tone}>{SEVERIDAD[w.ultimo_cambio.severidad].label}</Badge>{" "}
                        <span className="text-sm">{w.ultimo_cambio.resumen}</span>
                        <span className="block text-xs text-slate-500">{formatDateTime(w.ultimo_cambio.creado_en)}</span>
                      </>
                    ) : (
                      <span className="text-sm text-slate-600">Sin cambios desde que lo agregaste ({formatDateTime(w.creado_en)})</span>
                    )}
                  </td>
                  <td className={tdClass}>
                    <div className="flex flex-wrap items-center gap-2">
                      <Link href={`/informes/nuevo?cuit=${w.cuit}`} className="text-sm font-medium text-brand-700 underline">
                        Informe<span className="sr-only"> de {formatCuit(w.cuit)}</span>
                      </Link>
                      <ActionForm action={unwatchAction} submitLabel={<>Quitar<span className="sr-only"> {formatCuit(w.cuit)}</span></>} pendingLabel="Quitando…" variant="ghost">
                        <input type="hidden" name="cuit" value={w.cuit} />
                      </ActionForm>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>
      <div className="mt-6">
        <EventsCard db={db} accountId={caller.accountId} severidad={isSeveridad(severidad) ? severidad : null} />
      </div>
      <div className="mt-6">
        <WebhooksCard db={db} accountId={caller.accountId} />
      </div>
    </>
  );
}
