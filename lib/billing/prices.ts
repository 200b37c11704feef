import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { plans, reportPacks } from "@/db/schema";
import type { InformeCuitPack, PricesResponse } from "@/lib/schemas/billing";

/** The packs on sale, in display order (spec 2.8 InformeCuitPack). */
export async function activePacks(db: DbOrTx): Promise<InformeCuitPack[]> {
  const rows = await db.select().from(reportPacks).where(eq(reportPacks.active, true)).orderBy(asc(reportPacks.sort), asc(reportPacks.packSize));
  return rows.map((p) => ({ packSize: p.packSize, unidades: p.unidades, priceArs: p.priceArs, displayLabel: p.displayLabel }));
}

/** GET /v1/prices: the plans table and the active packs, in display order. */
export async function getPrices(db: DbOrTx): Promise<PricesResponse> {
  const [planRows, packs] = await Promise.all([db.select().from(plans).orderBy(asc(plans.rank)), activePacks(db)]);
  return {
    plans: planRows.map((p) => ({
      plan_tier: p.tier,
      price_ars_monthly: p.priceArsMonthly,
      display_label: p.displayLabel,
      mcp_calls_monthly: p.mcpCallsMonthly,
      csv_downloads_monthly: p.csvDownloadsMonthly,
      parquet_enabled: p.parquetEnabled,
      api_rest_enabled: p.apiRestEnabled,
      informe_cuit_cupo_mensual_unidades: p.informeCuitCupoMensualUnidades,
    })),
    informe_cuit_packs: packs,
  };
}
