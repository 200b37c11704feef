import type { PricesResponse } from "@/lib/schemas/billing";
import { formatInt, formatTier, unitsInReports } from "@/components/format";

export type PlanPrice = PricesResponse["plans"][number];

/** Null is "sin límite" and 0 is "no incluido", as in spec 2.8. */
export function quotaValue(value: number | null): string {
  if (value === null) return "Sin límite";
  if (value === 0) return "No incluido";
  return `${formatInt(value)} por mes`;
}

/** The monthly allotment in customer words. */
export function allotmentText(plan: PlanPrice): string {
  const units = plan.informe_cuit_cupo_mensual_unidades;
  if (units === null) return "Saldo según acuerdo";
  return `${unitsInReports(units)} por mes`;
}

/** One line of a plan card: `included` false is a thing the plan lacks, shown as such, never with a check mark. */
export interface PlanFeature {
  text: string;
  included: boolean;
}

const counted = (value: number | null, unit: string): PlanFeature =>
  value === 0 ? { text: `Sin ${unit.toLowerCase()}`, included: false } : { text: `${unit}: ${quotaValue(value).toLowerCase()}`, included: true };

/** What a plan includes, and what it lacks, as short lines for cards and comparisons. */
export function planFeatures(plan: PlanPrice): PlanFeature[] {
  return [
    { text: allotmentText(plan), included: true },
    plan.api_rest_enabled ? { text: "API REST incluida", included: true } : { text: "Sin API REST (uso web)", included: false },
    counted(plan.csv_downloads_monthly, "Descargas CSV"),
    plan.parquet_enabled ? { text: "Descargas Parquet de datasets completos", included: true } : { text: "Sin descargas Parquet", included: false },
    counted(plan.mcp_calls_monthly, "Consultas MCP"),
  ];
}

/** Customer-facing names; the live table's label wins when it has one. */
export const planName = (plan: Pick<PlanPrice, "display_label" | "plan_tier">): string => plan.display_label || formatTier(plan.plan_tier);
