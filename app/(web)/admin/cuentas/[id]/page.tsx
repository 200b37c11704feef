import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { pageDb } from "@/lib/web/page-db";
import { Badge } from "@/components/ui/badge";
import { ActionForm } from "@/components/ui/action-form";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Field, inputClass } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { Stat } from "@/components/ui/stat";
import { getBalance, monthlyAllotment } from "@/lib/billing/balance";
import { getPrices } from "@/lib/billing/prices";
import { listOrders } from "@/lib/billing/orders";
import { accountForAdmin, auditPage } from "@/lib/accounts/admin-queries";
import { requireAdmin } from "@/lib/web/current-caller";
import { formatDate, formatInt, formatTier, unitsInReports } from "@/components/format";
import { planName } from "@/lib/web/plans";
import { changePlanAction, loadBalanceAction, setSuspendedAction } from "../../actions";
import { AuditTable } from "../../auditoria/audit-table";
import { AdminOrdersTable } from "../../orders-table";
import { LoadBalanceForm } from "./load-balance-form";

export const metadata: Metadata = { title: "Cuenta" };

// /admin/cuentas/[id] – one account: plan, suspension, balance loads, its orders and its audit trail
export default async function AdminAccountPage({ params }: { params: Promise<{ id: string }> }) {
  await requireAdmin();
  const { id } = await params;
  const db = await pageDb();
  const account = await accountForAdmin(db, id);
  if (!account) notFound();
  const [monthly, prices, orders, audit] = await Promise.all([monthlyAllotment(db, id), getPrices(db), listOrders(db, id, 20), auditPage(db, 1, id)]);
  const balance = await getBalance(db, id, monthly);
  return (
    <>
      <p className="mb-4 text-sm">
        <Link href="/admin/cuentas" className="text-brand-700 underline">
          ← Todas las cuentas
        </Link>
      </p>
      <PageHeader
        title={account.email ?? account.name}
        description={`${account.name} · ${account.id} · alta ${formatDate(account.createdAt)} · facturación ${account.billingModel === "balance" ? "por saldo" : "con tope diario"}`}
        actions={
          <>
            {account.suspended ? <Badge tone="danger">Suspendida</Badge> : <Badge tone="success">Activa</Badge>}
            {account.isAdmin && <Badge tone="info">Admin</Badge>}
          </>
        }
      />
      <dl className="grid gap-4 sm:grid-cols-3">
        <Stat label="Plan" value={formatTier(account.planTier)} />
        <Stat label="Cupo disponible" value={formatInt(balance.cupo.unidades_disponibles)} hint={unitsInReports(balance.cupo.unidades_disponibles)} />
        <Stat label="Comprado disponible" value={formatInt(balance.comprado.unidades_disponibles)} hint={unitsInReports(balance.comprado.unidades_disponibles)} />
      </dl>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Card title="Plan" description="El cupo del mes pasa a ser el del nuevo plan menos lo ya usado.">
          <ActionForm action={changePlanAction} submitLabel="Cambiar plan" pendingLabel="Cambiando…">
            <input type="hidden" name="accountId" value={account.id} />
            <Field label="Nuevo plan" className="flex-1">
              <select name="plan" defaultValue={account.planTier} className={inputClass}>
                {prices.plans.map((p) => (
                  <option key={p.plan_tier} value={p.plan_tier}>
                    {planName(p)}
                  </option>
                ))}
              </select>
            </Field>
          </ActionForm>
        </Card>
        <Card title="Cargar saldo" description="Suma unidades al saldo comprado, con un movimiento en el libro de la cuenta.">
          <LoadBalanceForm action={loadBalanceAction} accountId={account.id} accountLabel={account.email ?? account.name} />
        </Card>
        <Card title="Suspensión" description="Una cuenta suspendida recibe 403 en toda la API y no puede operar en la web.">
          <ConfirmDialog
            trigger={account.suspended ? "Reactivar cuenta" : "Suspender cuenta"}
            triggerVariant={account.suspended ? "primary" : "danger"}
            title={account.suspended ? "¿Reactivar la cuenta?" : "¿Suspender la cuenta?"}
            description={<p>{account.suspended ? "La cuenta vuelve a operar normalmente." : "Todas sus llamadas van a recibir 403 account_suspended hasta que la reactives."}</p>}
            confirmLabel={account.suspended ? "Reactivar" : "Suspender"}
            pendingLabel="Guardando…"
            confirmVariant={account.suspended ? "primary" : "danger"}
            action={setSuspendedAction}
            fields={{ accountId: account.id, suspend: String(!account.suspended) }}
          />
        </Card>
      </div>

      <Card title="Pedidos de la cuenta" className="mt-6">
        {orders.length === 0 ? (
          <EmptyState title="La cuenta no hizo pedidos" />
        ) : (
          <AdminOrdersTable orders={orders} caption="Pedidos de la cuenta" showAccount={false} />
        )}
      </Card>
      <Card title="Auditoría de la cuenta" description="Las 25 entradas más recientes." className="mt-6">
        {audit.items.length === 0 ? <EmptyState title="Sin entradas" /> : <AuditTable entries={audit.items} showAccount={false} />}
      </Card>
    </>
  );
}
