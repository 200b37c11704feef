import type { Metadata } from "next";
import Link from "next/link";
import { ActionForm } from "@/components/ui/action-form";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { listPlanRequests, type PlanRequestRow } from "@/lib/billing/plan-requests";
import { requireAdmin } from "@/lib/web/current-caller";
import { formatDateTime } from "@/components/format";
import { pageDb } from "@/lib/web/page-db";
import { markPlanRequestHandledAction } from "./actions";

export const metadata: Metadata = { title: "Solicitudes de plan" };

/** One request as a labelled block: it reads the same on a phone as on a desk, without a table to scroll. */
function RequestItem({ r }: { r: PlanRequestRow }) {
  return (
    <li data-request-id={r.id} className="py-4 first:pt-0 last:pb-0">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
        <div className="min-w-0 sm:col-span-2">
          <dt className="text-slate-600">Cuenta</dt>
          <dd className="break-words">
            <Link href={`/admin/cuentas/${r.accountId}`} className="font-medium text-brand-700 underline">
              {r.email ?? r.accountName}
            </Link>
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Plan pedido</dt>
          <dd className="font-medium text-slate-900">
            {r.requestedLabel} <span className="font-normal text-slate-600">(hoy {r.fromLabel})</span>
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{r.handledAt ? "Atendida" : "Pedida"}</dt>
          <dd className="text-slate-900">{formatDateTime(r.handledAt ?? r.createdAt)}</dd>
        </div>
      </dl>
      {!r.handledAt && (
        <ActionForm action={markPlanRequestHandledAction} submitLabel="Marcar atendida" pendingLabel="Guardando…" variant="secondary" className="mt-3">
          <input type="hidden" name="requestId" value={r.id} />
        </ActionForm>
      )}
    </li>
  );
}

// /admin/solicitudes – paid plans customers asked for from the plans pages, for sales to answer
export default async function AdminPlanRequestsPage() {
  await requireAdmin();
  const db = await pageDb();
  const [pending, handled] = await Promise.all([listPlanRequests(db, "pending", 100), listPlanRequests(db, "handled", 20)]);
  return (
    <>
      <PageHeader
        title="Solicitudes de plan"
        description="Clientes que pidieron un plan pago desde Planes. Escribiles para coordinar el pago, cambiá el plan desde la página de la cuenta y marcá la solicitud como atendida."
      />
      <Card title={`Pendientes (${pending.length})`} description="De la más nueva a la más antigua.">
        {pending.length === 0 ? (
          <EmptyState title="No hay solicitudes pendientes" />
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Solicitudes pendientes">
            {pending.map((r) => (
              <RequestItem key={r.id} r={r} />
            ))}
          </ul>
        )}
      </Card>
      <Card title="Últimas atendidas" className="mt-6">
        {handled.length === 0 ? (
          <EmptyState title="Todavía no se atendió ninguna solicitud" />
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Solicitudes atendidas">
            {handled.map((r) => (
              <RequestItem key={r.id} r={r} />
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
