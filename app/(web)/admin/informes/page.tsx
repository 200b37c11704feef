import type { Metadata } from "next";
import Link from "next/link";
import { ReportTable } from "@/components/reports/report-table";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Field, inputClass } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { isId } from "@/lib/id";
import { listReportRows, type ReportRow } from "@/lib/reports/list";
import { ADMIN_PAGE_SIZE } from "@/lib/accounts/admin-queries";
import { accountIdByEmail, emailsByAccount } from "@/lib/accounts/find";
import { requireAdmin } from "@/lib/web/current-caller";
import { pageDb } from "@/lib/web/page-db";
import { pageParam, textParam } from "@/lib/web/paging";
import { reportListFilter } from "@/lib/web/reports";

export const metadata: Metadata = { title: "Informes" };

const EMPTY = { items: [] as ReportRow[], has_more: false };

// /admin/informes – every account's reports, filtered by account (email) and CUIT, paged; each opens its report
export default async function AdminReportsPage({ searchParams }: { searchParams: Promise<{ email?: string; cuenta?: string; cuit?: string; pagina?: string }> }) {
  await requireAdmin();
  const params = await searchParams;
  const email = textParam(params.email, 200);
  const cuenta = textParam(params.cuenta, 40);
  const cuit = textParam(params.cuit, 20);
  const page = pageParam(params.pagina);
  const db = await pageDb();
  const { filter, error } = reportListFilter(cuit, page, ADMIN_PAGE_SIZE);
  // `cuenta` (an account id) comes from the links in the table; the form filters by email.
  const accountId = isId("account", cuenta) ? cuenta : email ? await accountIdByEmail(db, email) : undefined;
  const noSuchAccount = (email || cuenta) && !accountId;
  const list = filter && !noSuchAccount ? await listReportRows(db, { ...filter, accountId: accountId ?? undefined }) : EMPTY;
  const emails = await emailsByAccount(db, list.items.map((r) => r.account_id));
  const accountLabel = accountId ? (emails.get(accountId) ?? email) : null;
  const filtered = Boolean(email || cuenta || cuit);
  return (
    <>
      <PageHeader title="Informes" description="Los informes de todas las cuentas, del más reciente al más antiguo. Abrir uno queda en el registro de auditoría." />
      <Card>
        <form key={`${email}|${cuenta}|${cuit}`} role="search" action="/admin/informes" className="mb-6 grid gap-3 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-start">
          <Field label="Email de la cuenta" hint="Exacto, sin importar mayúsculas.">
            <input name="email" type="search" defaultValue={accountLabel ?? email} maxLength={200} placeholder="nombre@empresa.com" className={inputClass} />
          </Field>
          <Field label="CUIT" hint="Parte del CUIT, con o sin guiones." error={error}>
            <input name="cuit" type="search" defaultValue={cuit} maxLength={20} placeholder="30-5000" className={inputClass} />
          </Field>
          <button type="submit" className={buttonClass("primary", "md", "sm:mt-6")}>
            Filtrar
          </button>
          {filtered && (
            <Link href="/admin/informes" className={buttonClass("ghost", "md", "sm:mt-6")}>
              Quitar filtros
            </Link>
          )}
        </form>
        {noSuchAccount ? (
          <Alert tone="warning">No hay ninguna cuenta con el email «{email || cuenta}».</Alert>
        ) : error ? null : list.items.length === 0 ? (
          <EmptyState title={filtered ? "Ningún informe coincide con el filtro" : page > 1 ? "No hay más informes" : "Todavía no se generó ningún informe"} />
        ) : (
          <ReportTable
            items={list.items}
            caption={accountLabel ? `Informes de ${accountLabel}` : "Informes de todas las cuentas"}
            account={(r) => (
              <Link href={`/admin/informes?cuenta=${r.account_id}`} className="text-brand-700 underline">
                {emails.get(r.account_id) ?? r.account_id}
                <span className="sr-only"> (ver solo sus informes)</span>
              </Link>
            )}
          />
        )}
        <Pagination
          basePath="/admin/informes"
          params={{ email: cuenta ? undefined : email, cuenta: cuenta || undefined, cuit }}
          page={page}
          hasMore={list.has_more}
          label="Páginas de informes"
        />
      </Card>
    </>
  );
}
