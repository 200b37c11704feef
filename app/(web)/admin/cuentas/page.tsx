import type { Metadata } from "next";
import Link from "next/link";
import { pageDb } from "@/lib/web/page-db";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Field, inputClass } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { Table, tdClass, thClass } from "@/components/ui/table";
import { searchAccounts } from "@/lib/accounts/admin-queries";
import { requireAdmin } from "@/lib/web/current-caller";
import { formatDate, formatInt, formatTier } from "@/components/format";
import { pageParam, textParam } from "@/lib/web/paging";

export const metadata: Metadata = { title: "Cuentas" };

// /admin/cuentas – accounts, searched by email
export default async function AdminAccountsPage({ searchParams }: { searchParams: Promise<{ q?: string; pagina?: string }> }) {
  await requireAdmin();
  const params = await searchParams;
  const q = textParam(params.q);
  const page = pageParam(params.pagina);
  const { items, hasMore } = await searchAccounts(await pageDb(), q, page);
  return (
    <>
      <PageHeader title="Cuentas" description="Buscá por email para ver una cuenta, cambiarle el plan, suspenderla o cargarle saldo." />
      <Card>
        <form role="search" action="/admin/cuentas" className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end">
          <Field label="Email" className="flex-1">
            <input name="q" type="search" defaultValue={q} placeholder="nombre@empresa.com" className={inputClass} />
          </Field>
          <button type="submit" className={buttonClass("primary")}>
            Buscar
          </button>
        </form>
        {items.length === 0 ? (
          <EmptyState title={q ? `Ninguna cuenta coincide con «${q}»` : "No hay cuentas"} />
        ) : (
          <Table caption={q ? `Cuentas que coinciden con ${q}` : "Cuentas"}>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={thClass}>Email</th>
                <th scope="col" className={thClass}>Nombre</th>
                <th scope="col" className={thClass}>Plan</th>
                <th scope="col" className={`${thClass} text-right`}>Cupo</th>
                <th scope="col" className={`${thClass} text-right`}>Comprado</th>
                <th scope="col" className={thClass}>Alta</th>
                <th scope="col" className={thClass}>Estado</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {items.map((a) => (
                <tr key={a.id}>
                  <td className={`${tdClass} break-all`}>
                    <Link href={`/admin/cuentas/${a.id}`} className="font-medium text-brand-700 underline">
                      {a.email}
                    </Link>
                  </td>
                  <td className={tdClass}>{a.name}</td>
                  <td className={tdClass}>{formatTier(a.planTier)}</td>
                  <td className={`${tdClass} text-right tabular-nums`}>{formatInt(a.cupoAvailable ?? 0)}</td>
                  <td className={`${tdClass} text-right tabular-nums`}>{formatInt(a.compradoAvailable ?? 0)}</td>
                  <td className={`${tdClass} whitespace-nowrap`}>{formatDate(a.createdAt)}</td>
                  <td className={`${tdClass} space-x-1 whitespace-nowrap`}>
                    {a.suspended ? <Badge tone="danger">Suspendida</Badge> : <Badge tone="success">Activa</Badge>}
                    {a.isAdmin && <Badge tone="info">Admin</Badge>}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <Pagination basePath="/admin/cuentas" params={{ q }} page={page} hasMore={hasMore} label="Páginas de cuentas" />
      </Card>
    </>
  );
}
