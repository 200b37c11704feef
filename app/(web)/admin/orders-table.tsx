import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Table, tdClass, thClass } from "@/components/ui/table";
import type { OrderWithPack } from "@/lib/billing/orders";
import { formatArs, formatDateTime, unitsInReports } from "@/components/format";
import { ORDER_STATUS } from "@/components/labels/account";
import { cancelOrderAction, confirmOrderAction } from "./actions";

type Row = OrderWithPack & { email?: string | null; accountName?: string };

/** Pack orders with the admin's confirm and cancel buttons on the pending ones. */
export function AdminOrdersTable({ orders, caption, showAccount = true }: { orders: Row[]; caption: string; showAccount?: boolean }) {
  return (
    <Table caption={caption}>
      <thead className="bg-slate-50">
        <tr>
          <th scope="col" className={thClass}>Pedido</th>
          {showAccount && <th scope="col" className={thClass}>Cuenta</th>}
          <th scope="col" className={thClass}>Pack</th>
          <th scope="col" className={thClass}>Importe</th>
          <th scope="col" className={thClass}>Fecha</th>
          <th scope="col" className={thClass}>Estado</th>
          <th scope="col" className={thClass}>
            <span className="sr-only">Acciones</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {orders.map((o) => (
          <tr key={o.id} data-order-id={o.id}>
            <td className={`${tdClass} font-mono text-xs whitespace-nowrap`}>{o.id}</td>
            {showAccount && (
              <td className={tdClass}>
                <Link href={`/admin/cuentas/${o.accountId}`} className="text-brand-700 underline">
                  {o.email ?? o.accountName ?? o.accountId}
                </Link>
              </td>
            )}
            <td className={tdClass}>{o.packLabel}</td>
            <td className={`${tdClass} whitespace-nowrap tabular-nums`}>{formatArs(o.priceArs)}</td>
            <td className={`${tdClass} whitespace-nowrap`}>{formatDateTime(o.createdAt)}</td>
            <td className={tdClass}>
              <Badge tone={ORDER_STATUS[o.status].tone}>{ORDER_STATUS[o.status].label}</Badge>
              {o.decidedBy && <span className="mt-1 block text-xs text-slate-600">por {o.decidedBy}</span>}
            </td>
            <td className={`${tdClass} whitespace-nowrap`}>
              {o.status === "pending" && (
                <div className="flex justify-end gap-2">
                  <ConfirmDialog
                    trigger={
                      <>
                        Confirmar pago<span className="sr-only"> del pedido {o.id}</span>
                      </>
                    }
                    triggerVariant="primary"
                    title={`¿Confirmar el pago del pedido ${o.id}?`}
                    description={
                      <p>
                        Confirmá solo si la transferencia de {formatArs(o.priceArs)} ya está acreditada. Se suman {unitsInReports(o.unidades)} al saldo
                        comprado de la cuenta.
                      </p>
                    }
                    confirmLabel="Confirmar y acreditar"
                    pendingLabel="Acreditando…"
                    confirmVariant="primary"
                    action={confirmOrderAction}
                    fields={{ orderId: o.id }}
                  />
                  <ConfirmDialog
                    trigger={
                      <>
                        Cancelar<span className="sr-only"> el pedido {o.id}</span>
                      </>
                    }
                    title={`¿Cancelar el pedido ${o.id}?`}
                    description={<p>El pedido queda cancelado y no se acredita.</p>}
                    confirmLabel="Cancelar pedido"
                    pendingLabel="Cancelando…"
                    action={cancelOrderAction}
                    fields={{ orderId: o.id }}
                  />
                </div>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
