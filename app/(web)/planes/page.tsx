import type { Metadata } from "next";
import Link from "next/link";
import { pageDb } from "@/lib/web/page-db";
import { PackList } from "@/components/pricing/pack-list";
import { PlanAction } from "@/components/pricing/plan-action";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Table, tdClass, thClass } from "@/components/ui/table";
import { getPrices } from "@/lib/billing/prices";
import { SALES_EMAIL } from "@/lib/billing/contact";
import { currentCaller } from "@/lib/web/current-caller";
import { planViewer } from "@/lib/web/plan-viewer";
import { formatArs } from "@/components/format";
import { allotmentText, planName, quotaValue, type PlanPrice } from "@/lib/web/plans";

export const metadata: Metadata = { title: "Planes y precios" };

const yesNo = (v: boolean) => (v ? <Badge tone="success">Incluido</Badge> : <Badge>No incluido</Badge>);

const ROWS: { label: string; cell: (p: PlanPrice) => React.ReactNode }[] = [
  { label: "Precio por mes", cell: (p) => <span className="font-semibold tabular-nums">{formatArs(p.price_ars_monthly)}</span> },
  { label: "Cupo mensual de informes", cell: allotmentText },
  { label: "Informes desde la web", cell: () => yesNo(true) },
  { label: "API REST", cell: (p) => yesNo(p.api_rest_enabled) },
  { label: "Descarga de datasets (Parquet)", cell: (p) => yesNo(p.parquet_enabled) },
  { label: "Descargas CSV", cell: (p) => quotaValue(p.csv_downloads_monthly) },
  { label: "Consultas MCP", cell: (p) => quotaValue(p.mcp_calls_monthly) },
];

// /planes – the plans compared, from the live plans table (the API's upgrade_url points here)
export default async function PlansPage() {
  const [caller, prices] = await Promise.all([currentCaller(), pageDb().then(getPrices)]);
  const current = caller?.account.planTier;
  const viewer = await planViewer(caller);
  // The cheapest plan that includes MCP calls (the list comes ordered by rank); 0 is "no access".
  const mcpFrom = prices.plans.find((p) => p.mcp_calls_monthly !== 0);
  return (
    <>
      <PageHeader
        title="Planes y precios"
        description={
          <>
            Todos los planes generan informes desde la web.
            {mcpFrom && (
              <>
                {" "}
                Desde {planName(mcpFrom)} también los pedís desde tu asistente de IA, con las{" "}
                <a href="/docs/mcp" className="font-medium text-brand-700 underline">
                  consultas MCP
                </a>{" "}
                de cada mes.
              </>
            )}{" "}
            Starter y Pro suman descargas CSV de datasets completos cada mes; Ultimate, Team y Enterprise, la API REST y las
            descargas Parquet y CSV sin límite.
          </>
        }
      />
      <Card title="Comparación de planes">
        <Table caption="Comparación de planes: filas por característica, columnas por plan">
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={thClass}>
                Característica
              </th>
              {prices.plans.map((p) => (
                <th key={p.plan_tier} scope="col" className={`${thClass} ${p.plan_tier === current ? "text-brand-800" : ""}`}>
                  {planName(p)}
                  {p.plan_tier === current && <span className="block font-normal normal-case">(tu plan)</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {ROWS.map((row) => (
              <tr key={row.label}>
                <th scope="row" className={`${tdClass} font-medium whitespace-nowrap text-slate-900`}>
                  {row.label}
                </th>
                {prices.plans.map((p) => (
                  <td key={p.plan_tier} className={`${tdClass} min-w-40`}>
                    {row.cell(p)}
                  </td>
                ))}
              </tr>
            ))}
            <tr>
              <th scope="row" className={`${tdClass} font-medium whitespace-nowrap text-slate-900`}>
                Cómo empezar
              </th>
              {prices.plans.map((p) => (
                <td key={p.plan_tier} className={`${tdClass} min-w-40 align-top`}>
                  <PlanAction plan={p} plans={prices.plans} viewer={viewer} />
                </td>
              ))}
            </tr>
          </tbody>
        </Table>
      </Card>

      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <Card title="¿Cómo cambio de plan?">
          <p className="text-slate-700">
            Toda cuenta empieza en Free. Con tu sesión iniciada, pedí el plan con su botón en la tabla: registramos el pedido y
            ventas te escribe para coordinar el pago. También podés escribir a{" "}
            <a href={`mailto:${SALES_EMAIL}`} className="font-medium text-brand-700 underline">
              {SALES_EMAIL}
            </a>
            . Cuando se acredita, el cambio es inmediato y tu cupo del mes se ajusta al nuevo plan, descontando lo que ya usaste.
          </p>
          {!caller && (
            <Link href="/signup" className={buttonClass("primary", "md", "mt-4")}>
              Crear cuenta gratis
            </Link>
          )}
        </Card>
        <Card title="Informes nuevos y actualizaciones">
          <p className="text-slate-700">
            El primer informe de un CUIT en tu cuenta es un informe nuevo. Cada vez que lo volvés a generar es una actualización, que
            cuesta la cuarta parte. Antes de confirmar, siempre ves cuál de los dos va a ser y si tu saldo alcanza.
          </p>
        </Card>
      </div>

      <section aria-labelledby="packs-title" className="mt-10">
        <h2 id="packs-title" className="text-xl font-semibold">
          Packs de informes
        </h2>
        <p className="mt-1 mb-4 text-slate-600">Se suman a cualquier plan y no vencen. Se compran desde Mi cuenta › Saldo.</p>
        <PackList packs={prices.informe_cuit_packs} />
      </section>
    </>
  );
}
