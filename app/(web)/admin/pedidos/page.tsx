import type { Metadata } from "next";
import { pageDb } from "@/lib/web/page-db";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { listOrdersForAdmin } from "@/lib/billing/orders";
import { requireAdmin } from "@/lib/web/current-caller";
import { AdminOrdersTable } from "../orders-table";

export const metadata: Metadata = { title: "Pedidos" };

// /admin/pedidos – pack orders waiting for payment confirmation, and the latest decided
export default async function AdminOrdersPage() {
  await requireAdmin();
  const db = await pageDb();
  const [pending, decided] = await Promise.all([listOrdersForAdmin(db, "pending", 100), listOrdersForAdmin(db, "decided", 20)]);
  return (
    <>
      <PageHeader title="Pedidos de packs" description="Confirmá cada pedido cuando la transferencia esté acreditada en el banco. La referencia es el número de pedido." />
      <Card title={`Por confirmar (${pending.length})`} description="Del más antiguo al más nuevo.">
        {pending.length === 0 ? (
          <EmptyState title="No hay pedidos por confirmar" />
        ) : (
          <AdminOrdersTable orders={pending} caption="Pedidos por confirmar" />
        )}
      </Card>
      <Card title="Últimos resueltos" className="mt-6">
        {decided.length === 0 ? <EmptyState title="Todavía no se resolvió ningún pedido" /> : <AdminOrdersTable orders={decided} caption="Pedidos resueltos" />}
      </Card>
    </>
  );
}
