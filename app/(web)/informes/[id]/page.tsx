import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { PrintButton } from "@/components/reports/print-button";
import { RedFlagsSummary } from "@/components/reports/red-flags-summary";
import { ReportSections } from "@/components/reports/report-sections";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { now } from "@/lib/clock";
import { ReportLetterhead } from "@/components/reports/letterhead";
import { PageHeader } from "@/components/ui/page-header";
import type { Report } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record";
import { listDatasets } from "@/lib/catalog/list";
import { formatCuit } from "@/lib/cuit";
import { accountProfile } from "@/lib/accounts/profile";
import { catalogViewer } from "@/lib/web/catalog";
import { pageReport } from "@/lib/web/detail-pages";
import { formatDateTime, plural } from "@/components/format";
import { pageDb } from "@/lib/web/page-db";
import { DENOMINACION_ORIGEN, REPORT_STATUS, TIPO_ACCION } from "@/components/labels/reports";
import { ownOrigin } from "@/lib/web/request-origin";
import { actorOf } from "@/lib/web/action";
import { ChangesBlock } from "./changes-block";

export const metadata: Metadata = { title: "Informe" };

/** What the generation cost, in report words. */
function chargeText(report: Report): string {
  if (report.status === "no_resuelto") return "Ninguna fuente tiene datos de este CUIT, así que no se cobró.";
  if (!report.tipoAccion) return "No se descontó saldo.";
  if (report.costoUnidades === 0) return `${TIPO_ACCION[report.tipoAccion]} sin cargo en saldo: tu cuenta tiene un tope diario de informes.`;
  const what = report.tipoAccion === "nuevo" ? "1 informe nuevo" : "1 actualización";
  return `Se descontó ${what} (${plural(report.costoUnidades, "unidad", "unidades")}) de tu saldo.`;
}

// /informes/[id] – one report, its sections rendered for people; printable and downloadable as the API's JSON
export default async function ReportPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ generado?: string; repetido?: string }>;
}) {
  const { caller, report } = await pageReport((await params).id);
  const db = await pageDb();
  const own = report.accountId === caller.accountId;
  const [{ generado, repetido }, catalog, owner] = await Promise.all([
    searchParams,
    listDatasets(db, catalogViewer(caller), ownOrigin(await headers())),
    own ? null : accountProfile(db, report.accountId, null),
  ]);
  // An admin reading another account's report is an admin action like any other.
  if (!own) await recordAudit(db, await actorOf(caller), "report.view", report.accountId, { report_id: report.id, cuit: report.cuit });
  const datasetNames = new Map(catalog.datasets.map((d) => [d.dataset_id, d.name]));
  const status = REPORT_STATUS[report.status];
  const cuit = formatCuit(report.cuit);
  return (
    <>
      <p className="no-print mb-4 text-sm">
        <Link href={own ? "/informes" : "/admin/informes"} className="text-brand-700 underline">
          {own ? "← Mis informes" : "← Informes de todas las cuentas"}
        </Link>
      </p>
      {!own && (
        <Alert tone="info" title="Informe de otra cuenta" className="no-print mb-6">
          Lo generó {owner?.email ?? report.accountId}. Lo ves como administrador y la consulta queda en el registro de auditoría.
        </Alert>
      )}
      {own && generado && (
        <Alert tone="success" live="status" title="Informe generado" className="no-print mb-6">
          {chargeText(report)}
        </Alert>
      )}
      {own && repetido && (
        <Alert tone="info" live="status" title="Este informe ya estaba generado" className="no-print mb-6">
          Esa confirmación ya se había procesado: te mostramos el mismo informe y no se cobró de nuevo.
        </Alert>
      )}
      <ReportLetterhead cuit={cuit} reportId={report.id} generatedAt={report.generatedAt} printedAt={now()} />
      <PageHeader
        title={report.denominacion ?? `CUIT ${cuit}`}
        description={`Informe del CUIT ${cuit}, generado el ${formatDateTime(report.generatedAt)}.`}
        actions={
          <div className="no-print flex flex-wrap gap-2">
            {own && !caller.account.suspended && report.status !== "no_resuelto" && (
              <Link href={`/informes/nuevo?cuit=${report.cuit}`} className={buttonClass("primary")}>
                Actualizar informe
              </Link>
            )}
            <a href={`/informes/${report.id}/json`} download className={buttonClass("secondary")}>
              Descargar JSON
            </a>
            <PrintButton />
          </div>
        }
      />
      {report.status !== "no_resuelto" && <RedFlagsSummary sections={report.sections} />}
      {report.status !== "no_resuelto" && <ChangesBlock db={db} caller={caller} reportId={report.id} />}
      <Card title="Resumen" className="mb-6 print:border-0 print:p-0 print:shadow-none">
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-slate-600">Estado</dt>
            <dd className="mt-0.5">
              <Badge tone={status.tone}>{status.label}</Badge>
              <span className="mt-1 block text-sm text-slate-700">{status.explanation}</span>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Denominación</dt>
            <dd className="mt-0.5 font-medium text-slate-900">
              {report.denominacion ?? "Sin denominación"}
              {report.denominacionOrigen && (
                <span className="block text-sm font-normal text-slate-600">Según el {DENOMINACION_ORIGEN[report.denominacionOrigen]}.</span>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Número de informe</dt>
            <dd className="mt-0.5 font-mono text-sm text-slate-900">{report.id}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Tipo y costo</dt>
            <dd className="mt-0.5 text-slate-900">
              {report.tipoAccion ? TIPO_ACCION[report.tipoAccion] : "Sin cargo"}
              <span className="block text-sm text-slate-700">{chargeText(report)}</span>
            </dd>
          </div>
        </dl>
      </Card>
      <ReportSections sections={report.sections} datasetNames={datasetNames} />
    </>
  );
}
