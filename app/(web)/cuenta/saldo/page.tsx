import type { Metadata } from "next";
import Link from "next/link";
import { and, eq, inArray } from "drizzle-orm";
import { reports } from "@/db/schema";
import { pageDb } from "@/lib/web/page-db";
import { UsageChart } from "@/components/billing/usage-chart";
import { PackList } from "@/components/pricing/pack-list";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { Stat } from "@/components/ui/stat";
import { Table, tdClass, thClass } from "@/components/ui/table";
import { getBalance } from "@/lib/billing/balance";
import { listOrders } from "@/lib/billing/orders";
import { requireCaller } from "@/lib/web/current-caller";
import { formatArs, formatDateTime, formatInt, plural, unitsInReports } from "@/components/format";
import { ledgerConcept, ledgerNote, ORDER_STATUS, POCKET } from "@/components/labels/account";
import { ledgerPage, usagePerDay } from "@/lib/billing/ledger";
import { packsForSale } from "@/lib/billing/packs";
import { pageParam } from "@/lib/web/paging";
import { orderPackAction } from "./actions";

export const metadata: Metadata = { title: "Saldo y packs" };

// /cuenta/saldo – both pockets, usage, packs and orders, and the ledger paged
export default async function BalancePage({ searchParams }: { searchParams: Promise<{ pagina?: string }> }) {
  const caller = await requireCaller("/cuenta/saldo");
  const db = await pageDb();
  const page = pageParam((await searchParams).pagina);
  const monthly = caller.plan?.informeCuitCupoMensualUnidades ?? null;
  const [balance, usage, packs, orders, ledger] = await Promise.all([
    getBalance(db, caller.accountId, monthly),
    usagePerDay(db, caller.accountId, 90),
    packsForSale(db),
    listOrders(db, caller.accountId, 20),
    ledgerPage(db, caller.accountId, page),
  ]);
  // Which debits were new reports and which were updates, for the ledger's wording.
  const debited = [...new Set(ledger.items.flatMap((e) => (e.kind === "report_debit" && e.reportId ? [e.reportId] : [])))];
  const kinds =
    debited.length === 0
      ? new Map<string, (typeof reports.$inferSelect)["tipoAccion"]>()
      : new Map(
          (
            await db
              .select({ id: reports.id, tipoAccion: reports.tipoAccion })
              .from(reports)
              .where(and(eq(reports.accountId, caller.accountId), inArray(reports.id, debited)))
          ).map((r) => [r.id, r.tipoAccion]),
        );
  const { cupo, comprado } = balance;
  const usedShare = cupo.unidades_mensuales ? Math.min(100, Math.round((cupo.unidades_usadas / cupo.unidades_mensuales) * 100)) : 0;
  return (
    <>
      <PageHeader
        title="Saldo y packs"
        description="Primero se usa el cupo mensual de tu plan y después lo comprado en packs. Un informe nuevo consume 200 unidades; una actualización, 50."
      />
      <div className="grid gap-6 md:grid-cols-2">
        <Card title="Cupo del plan" description={cupo.unidades_mensuales === null ? "Tu plan no tiene cupo automático: el saldo se carga según tu acuerdo." : "Se renueva el primer día de cada mes."}>
          <dl className="grid gap-3 sm:grid-cols-2">
            <Stat label="Disponible" value={plural(cupo.informes_nuevos, "informe nuevo", "informes nuevos")} hint={`o ${plural(cupo.actualizaciones, "actualización", "actualizaciones")} · ${plural(cupo.unidades_disponibles, "unidad", "unidades")}`} />
            <Stat
              label="Usado este mes"
              value={`${plural(cupo.unidades_usadas, "unidad", "unidades")}`}
              hint={cupo.unidades_mensuales === null ? "Sin cupo mensual" : `de ${formatInt(cupo.unidades_mensuales)} (${unitsInReports(cupo.unidades_mensuales)})`}
            />
          </dl>
          {cupo.unidades_mensuales !== null && (
            <div className="mt-4">
              <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-slate-200">
                <div className="h-full rounded-full bg-brand-600" style={{ width: `${usedShare}%` }} />
              </div>
              <p className="mt-1 text-xs text-slate-600">Usaste el {usedShare}% del cupo de este mes.</p>
            </div>
          )}
        </Card>
        <Card title="Comprado" description="Lo que sumaste con packs. No vence.">
          <dl className="grid gap-3 sm:grid-cols-2">
            <Stat label="Disponible" value={plural(comprado.informes_nuevos, "informe nuevo", "informes nuevos")} hint={`o ${plural(comprado.actualizaciones, "actualización", "actualizaciones")} · ${plural(comprado.unidades_disponibles, "unidad", "unidades")}`} />
          </dl>
          <p className="mt-4 text-sm">
            <a href="#packs" className="font-medium text-brand-700 underline">
              Comprar más
            </a>
          </p>
        </Card>
      </div>

      <Card title="Uso de los últimos 90 días" description="Unidades consumidas por día en informes y actualizaciones." className="mt-6">
        <UsageChart data={usage} />
      </Card>

      <section id="packs" aria-labelledby="packs-title" className="mt-10 scroll-mt-8">
        <h2 id="packs-title" className="text-xl font-semibold">
          Comprar un pack
        </h2>
        <p className="mt-1 mb-4 text-slate-600">
          Se paga por transferencia bancaria. Cuando confirmamos el pago, el pack se suma a tu saldo.
        </p>
        <PackList packs={packs}>
          {(pack) => (
            <ConfirmDialog
              trigger={
                <>
                  Pedir<span className="sr-only"> el pack de {pack.displayLabel}</span>
                </>
              }
              triggerVariant="primary"
              title={`¿Pedir el pack de ${pack.displayLabel}?`}
              description={
                <p>
                  Vas a pagar {formatArs(pack.priceArs)} por transferencia. En el paso siguiente te mostramos los datos de la cuenta y el número de
                  pedido para usar como referencia.
                </p>
              }
              confirmLabel="Hacer el pedido"
              pendingLabel="Pidiendo…"
              confirmVariant="primary"
              action={orderPackAction}
              fields={{ packId: pack.id }}
            />
          )}
        </PackList>
      </section>

      <Card title="Tus pedidos" className="mt-10">
        {orders.length === 0 ? (
          <EmptyState title="Todavía no hiciste pedidos">Cuando pidas un pack, vas a verlo acá con su estado.</EmptyState>
        ) : (
          <Table caption="Pedidos de packs">
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={thClass}>Pedido</th>
                <th scope="col" className={thClass}>Pack</th>
                <th scope="col" className={thClass}>Importe</th>
                <th scope="col" className={thClass}>Fecha</th>
                <th scope="col" className={thClass}>Estado</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {orders.map((o) => (
                <tr key={o.id}>
                  <td className={`${tdClass} font-mono whitespace-nowrap`}>
                    <Link href={`/cuenta/pedidos/${o.id}`} className="text-brand-700 underline">
                      {o.id}
                    </Link>
                  </td>
                  <td className={tdClass}>{o.packLabel}</td>
                  <td className={`${tdClass} whitespace-nowrap tabular-nums`}>{formatArs(o.priceArs)}</td>
                  <td className={`${tdClass} whitespace-nowrap`}>{formatDateTime(o.createdAt)}</td>
                  <td className={tdClass}>
                    <Badge tone={ORDER_STATUS[o.status].tone}>{ORDER_STATUS[o.status].label}</Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>

      <Card title="Movimientos" description="Cada cambio de tu saldo, del más reciente al más antiguo." className="mt-6 scroll-mt-8" id="movimientos">
        {ledger.items.length === 0 ? (
          <EmptyState title={page > 1 ? "No hay más movimientos" : "Todavía no hay movimientos"} />
        ) : (
          <Table caption="Movimientos del saldo">
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={thClass}>Fecha</th>
                <th scope="col" className={thClass}>Concepto</th>
                <th scope="col" className={thClass}>Bolsillo</th>
                <th scope="col" className={`${thClass} text-right`}>Unidades</th>
                <th scope="col" className={thClass}>Referencia</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {ledger.items.map((e) => (
                <tr key={e.id}>
                  <td className={`${tdClass} whitespace-nowrap`}>{formatDateTime(e.createdAt)}</td>
                  <td className={tdClass}>{ledgerConcept(e, e.reportId ? kinds.get(e.reportId) : null)}</td>
                  <td className={`${tdClass} whitespace-nowrap`}>{POCKET[e.pocket]}</td>
                  <td className={`${tdClass} text-right font-medium whitespace-nowrap tabular-nums ${e.delta < 0 ? "text-red-700" : "text-green-800"}`}>
                    {e.delta > 0 ? "+" : "−"}
                    {formatInt(Math.abs(e.delta))}
                  </td>
                  <td className={`${tdClass} font-mono text-xs`}>
                    {e.reportId ? (
                      <Link href={`/informes/${e.reportId}`} className="text-brand-700 underline">
                        {e.reportId}
                      </Link>
                    ) : e.orderId ? (
                      <Link href={`/cuenta/pedidos/${e.orderId}`} className="text-brand-700 underline">
                        {e.orderId}
                      </Link>
                    ) : (
                      <span className="font-sans text-slate-600">{ledgerNote(e) ?? ""}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <Pagination basePath="/cuenta/saldo" page={page} hasMore={ledger.hasMore} label="Páginas de movimientos" anchor="movimientos" />
      </Card>
    </>
  );
}
