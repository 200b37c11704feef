import type { Metadata } from "next";
import Link from "next/link";
import { NewReportForm } from "@/components/reports/new-report-form";
import { ReportGroups } from "@/components/reports/report-groups";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Field, inputClass } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { listReportGroups } from "@/lib/reports/by-cuit";
import { requireCaller } from "@/lib/web/current-caller";
import { pageDb } from "@/lib/web/page-db";
import { pageParam, textParam } from "@/lib/web/paging";
import { REPORTS_PAGE_SIZE, reportListFilter } from "@/lib/web/reports";

export const metadata: Metadata = { title: "Informes" };

// /informes – the account's reports, filtered by CUIT and paged as in the API, and where a new one starts
export default async function ReportsPage({ searchParams }: { searchParams: Promise<{ cuit?: string; pagina?: string }> }) {
  const caller = await requireCaller("/informes");
  const params = await searchParams;
  const cuit = textParam(params.cuit, 20);
  const page = pageParam(params.pagina);
  const { filter, error } = reportListFilter(cuit, page, REPORTS_PAGE_SIZE);
  // One entry per CUIT (its latest report, versions and last cost); a page is REPORTS_PAGE_SIZE CUITs.
  const list = filter ? await listReportGroups(await pageDb(), caller.accountId, filter) : { groups: [], has_more: false };
  return (
    <>
      <PageHeader
        title="Informes"
        description="Tus informes agrupados por CUIT, del más reciente al más antiguo. El primer informe de un CUIT es un informe nuevo; volver a generarlo es una actualización."
      />
      {caller.account.suspended && (
        <Alert tone="danger" title="Tu cuenta está suspendida" className="mb-6">
          Podés ver tus informes, pero no generar nuevos. Escribinos para reactivarla.
        </Alert>
      )}
      <Card title="Nuevo informe" description="Primero ves la cotización; no se cobra nada hasta que confirmás.">
        <NewReportForm />
      </Card>
      <Card title="Tus informes" className="mt-6 scroll-mt-8" id="lista">
        <form key={cuit} role="search" action="/informes#lista" className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-start">
          <Field label="Filtrar por CUIT" hint="Parte del CUIT, con o sin guiones." error={error} className="flex-1">
            <input name="cuit" type="search" defaultValue={cuit} maxLength={20} autoComplete="off" placeholder="30-5000" className={inputClass} />
          </Field>
          <button type="submit" className={buttonClass("secondary", "md", "sm:mt-6")}>
            Filtrar
          </button>
          {cuit && (
            <Link href="/informes#lista" className={buttonClass("ghost", "md", "sm:mt-6")}>
              Quitar filtro
            </Link>
          )}
        </form>
        {error ? null : list.groups.length === 0 ? (
          <EmptyState
            title={cuit ? `Ningún informe coincide con «${cuit}»` : page > 1 ? "No hay más informes" : "Todavía no generaste informes"}
          >
            {!cuit && page === 1 && "Ingresá un CUIT o un DNI arriba para ver cuánto cuesta y generar el primero."}
          </EmptyState>
        ) : (
          <ReportGroups groups={list.groups} />
        )}
        <Pagination basePath="/informes" params={{ cuit }} page={page} hasMore={list.has_more} label="Páginas de informes" anchor="lista" />
      </Card>
    </>
  );
}
