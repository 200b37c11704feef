import type { PricesResponse } from "@/lib/schemas/billing";
import { formatInt, unitsInReports } from "./format";

export type PlanPrice = PricesResponse["plans"][number];

/** Null is "sin límite" and 0 is "no incluido", as in spec 2.8. */
export function quotaValue(value: number | null): string {
  if (value === null) return "Sin límite";
  if (value === 0) return "No incluido";
  return `${formatInt(value)} por mes`;
}

export const quota = (value: number | null, unit: string): string => `${unit}: ${quotaValue(value).toLowerCase()}`;

/** The monthly allotment in customer words. */
export function allotmentText(plan: PlanPrice): string {
  const units = plan.informe_cuit_cupo_mensual_unidades;
  if (units === null) return "Saldo según acuerdo";
  return `${unitsInReports(units)} por mes`;
}

/** What a plan includes, as short lines for cards and comparisons. */
export function planFeatures(plan: PlanPrice): string[] {
  return [
    allotmentText(plan),
    plan.api_rest_enabled ? "API REST incluida" : "Uso web (sin API REST)",
    plan.parquet_enabled ? "Descarga de datasets completos (Parquet y CSV)" : "Catálogo de datasets para consulta",
    quota(plan.csv_downloads_monthly, "Descargas CSV"),
    quota(plan.mcp_calls_monthly, "Consultas MCP"),
  ];
}

/** Customer-facing names; the live table's label wins when it has one. */
export const planName = (plan: Pick<PlanPrice, "display_label" | "plan_tier">): string => plan.display_label || plan.plan_tier;
