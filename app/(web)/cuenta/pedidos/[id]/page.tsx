import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { pageDb } from "@/lib/web/page-db";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { PageHeader } from "@/components/ui/page-header";
import { getOrder } from "@/lib/billing/orders";
import { DomainError } from "@/lib/errors";
import { BANK_TRANSFER } from "@/lib/billing/contact";
import { requireCaller } from "@/lib/web/current-caller";
import { formatArs, formatDateTime, unitsInReports } from "@/components/format";
import { ORDER_STATUS } from "@/components/labels/account";
import { cancelMyOrderAction } from "../../saldo/actions";

export const metadata: Metadata = { title: "Pedido" };

/** `copy` is the copy button's label, for the values people paste into their bank's form. */
function Row({ label, value, copy }: { label: string; value: string; copy?: string }) {
  return (
    <div className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="flex flex-wrap items-center gap-3 font-medium break-all text-slate-900">
        <span className={copy ? "font-mono" : ""}>{value}</span>
        {copy && <CopyButton value={value} label={copy} />}
      </dd>
    </div>
  );
}

// /cuenta/pedidos/[id] – one pack order: its state and, while pending, how to pay it
export default async function OrderPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ nuevo?: string }> }) {
  const { id } = await params;
  const caller = await requireCaller(`/cuenta/pedidos/${id}`);
  const order = await getOrder(await pageDb(), id, caller.accountId).catch((e: unknown) => {
    if (e instanceof DomainError && e.code === "not_found") notFound();
    throw e;
  });
  const { nuevo } = await searchParams;
  const status = ORDER_STATUS[order.status];
  return (
    <>
      <PageHeader
        title={`Pedido ${order.id}`}
        description={
          <>
            Pack de {order.packLabel} · {formatArs(order.priceArs)} · {formatDateTime(order.createdAt)}
          </>
        }
        actions={<Badge tone={status.tone}>{status.label}</Badge>}
      />
      {nuevo && order.status === "pending" && (
        <Alert tone="success" live="status" title="¡Pedido registrado!" className="mb-6">
          Transferí el importe con los datos de abajo. Cuando confirmemos el pago, el pack se suma a tu saldo.
        </Alert>
      )}
      {order.status === "confirmed" && (
        <Alert tone="success" title="Pago confirmado" className="mb-6">
          Sumamos {unitsInReports(order.unidades)} a tu saldo el {formatDateTime(order.decidedAt)}.
        </Alert>
      )}
      {order.status === "cancelled" && (
        <Alert tone="neutral" title="Pedido cancelado" className="mb-6">
          Este pedido no se va a acreditar. Si ya transferiste, escribinos con el número de pedido.
        </Alert>
      )}
      <div className="grid gap-6 lg:grid-cols-3">
        <Card title="Datos para la transferencia" className="lg:col-span-2">
          <dl className="divide-y divide-slate-200">
            <Row label="Importe" value={formatArs(order.priceArs)} />
            <Row label="Referencia" value={order.id} copy="Copiar referencia" />
            <Row label="Titular" value={BANK_TRANSFER.holder} />
            <Row label="CUIT" value={BANK_TRANSFER.cuit} />
            <Row label="Banco" value={`${BANK_TRANSFER.bank} · ${BANK_TRANSFER.accountType}`} />
            <Row label="CBU" value={BANK_TRANSFER.cbu} copy="Copiar CBU" />
            <Row label="Alias" value={BANK_TRANSFER.alias} copy="Copiar alias" />
          </dl>
          <p className="mt-4 text-sm text-slate-700">
            Poné el número de pedido <strong className="font-mono">{order.id}</strong> en el concepto o la referencia de la transferencia, así
            la identificamos enseguida. Son datos de demostración.
          </p>
        </Card>
        <Card title="Qué sigue">
          <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
            <li>Transferí {formatArs(order.priceArs)} con la referencia del pedido.</li>
            <li>Confirmamos el pago, en general en el día hábil.</li>
            <li>Sumamos {unitsInReports(order.unidades)} a tu saldo. No vencen.</li>
          </ol>
          <div className="mt-6 flex flex-wrap gap-2">
            <Link href="/cuenta/saldo" className="text-sm font-medium text-brand-700 underline">
              Volver a saldo
            </Link>
          </div>
          {order.status === "pending" && (
            <div className="mt-6 border-t border-slate-200 pt-4">
              <ConfirmDialog
                trigger="Cancelar pedido"
                title="¿Cancelar este pedido?"
                description={<p>Si ya transferiste, no lo canceles: escribinos y lo acreditamos.</p>}
                confirmLabel="Sí, cancelar"
                pendingLabel="Cancelando…"
                action={cancelMyOrderAction}
                fields={{ orderId: order.id }}
              />
            </div>
          )}
        </Card>
      </div>
    </>
  );
}
