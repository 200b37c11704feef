import type { Metadata } from "next";
import Link from "next/link";
import { pageDb } from "@/lib/web/page-db";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Stat } from "@/components/ui/stat";
import { adminCounts } from "@/lib/accounts/admin-queries";
import { requireAdmin } from "@/lib/web/current-caller";
import { formatInt } from "@/components/format";

export const metadata: Metadata = { title: "Resumen" };

// /admin – the console's headline numbers and where to go next
export default async function AdminHome() {
  await requireAdmin();
  const counts = await adminCounts(await pageDb());
  return (
    <>
      <PageHeader title="Consola de administración" description="Cuentas, planes, saldo, pedidos de packs y el registro de auditoría." />
      <dl className="grid gap-4 sm:grid-cols-3">
        <Stat label="Cuentas" value={formatInt(counts.accounts)} />
        <Stat label="Cuentas suspendidas" value={formatInt(counts.suspended)} />
        <Stat label="Pedidos por confirmar" value={formatInt(counts.pendingOrders)} />
      </dl>
      <div className="mt-8 grid gap-6 md:grid-cols-3">
        <Card title="Cuentas">
          <p className="text-sm text-slate-700">Buscar por email, cambiar el plan, suspender o reactivar y cargar saldo.</p>
          <Link href="/admin/cuentas" className="mt-3 inline-block text-sm font-medium text-brand-700 underline">
            Ir a cuentas
          </Link>
        </Card>
        <Card title="Pedidos">
          <p className="text-sm text-slate-700">Confirmar las transferencias recibidas y acreditar los packs.</p>
          <Link href="/admin/pedidos" className="mt-3 inline-block text-sm font-medium text-brand-700 underline">
            Ir a pedidos
          </Link>
        </Card>
        <Card title="Auditoría">
          <p className="text-sm text-slate-700">Cada acción de los administradores y de las cuentas, con quién y cuándo.</p>
          <Link href="/admin/auditoria" className="mt-3 inline-block text-sm font-medium text-brand-700 underline">
            Ver auditoría
          </Link>
        </Card>
      </div>
    </>
  );
}
