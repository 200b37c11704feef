import type { Metadata } from "next";
import Link from "next/link";
import { pageDb } from "@/lib/web/page-db";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { auditPage } from "@/lib/accounts/admin-queries";
import { requireAdmin } from "@/lib/web/current-caller";
import { pageParam } from "@/lib/web/paging";
import { AuditTable } from "./audit-table";

export const metadata: Metadata = { title: "Auditoría" };

// /admin/auditoria – the audit log, newest first, paged
export default async function AuditPage({ searchParams }: { searchParams: Promise<{ pagina?: string }> }) {
  await requireAdmin();
  const page = pageParam((await searchParams).pagina);
  const { items, hasMore } = await auditPage(await pageDb(), page);
  return (
    <>
      <PageHeader title="Auditoría" description="Cada acción de administradores, del operador (CLI) y de las cuentas sobre claves y pedidos." />
      <Card>
        {items.length === 0 ? (
          <EmptyState title={page > 1 ? "No hay más entradas" : "El registro está vacío"}>
            {page > 1 && (
              <Link href="/admin/auditoria" className="underline">
                Volver a la primera página
              </Link>
            )}
          </EmptyState>
        ) : (
          <AuditTable entries={items} />
        )}
        <Pagination basePath="/admin/auditoria" page={page} hasMore={hasMore} label="Páginas de la auditoría" />
      </Card>
    </>
  );
}
