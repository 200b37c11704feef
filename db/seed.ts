import type { Db } from "./client";
import { plans, reportPacks } from "./schema";

/** Spec 2.8: the six plans. Prices in ARS per month; team and enterprise are by agreement. */
const PLANS = [
  { tier: "free", rank: 0, displayLabel: "Free", priceArsMonthly: 0, mcpCallsMonthly: 0, csvDownloadsMonthly: 0, parquetEnabled: false, apiRestEnabled: false, informeCuitCupoMensualUnidades: 200 },
  { tier: "starter", rank: 1, displayLabel: "Starter", priceArsMonthly: 19_900, mcpCallsMonthly: 100, csvDownloadsMonthly: 10, parquetEnabled: false, apiRestEnabled: false, informeCuitCupoMensualUnidades: 1_000 },
  { tier: "pro", rank: 2, displayLabel: "Pro", priceArsMonthly: 59_900, mcpCallsMonthly: 1_000, csvDownloadsMonthly: 100, parquetEnabled: false, apiRestEnabled: false, informeCuitCupoMensualUnidades: 4_000 },
  { tier: "ultimate", rank: 3, displayLabel: "Ultimate", priceArsMonthly: 249_900, mcpCallsMonthly: null, csvDownloadsMonthly: null, parquetEnabled: true, apiRestEnabled: true, informeCuitCupoMensualUnidades: 20_000 },
  { tier: "team", rank: 4, displayLabel: "Team (a convenir)", priceArsMonthly: null, mcpCallsMonthly: null, csvDownloadsMonthly: null, parquetEnabled: true, apiRestEnabled: true, informeCuitCupoMensualUnidades: null },
  { tier: "enterprise", rank: 5, displayLabel: "Enterprise (a convenir)", priceArsMonthly: null, mcpCallsMonthly: null, csvDownloadsMonthly: null, parquetEnabled: true, apiRestEnabled: true, informeCuitCupoMensualUnidades: null },
] as const;

/** Packs are sized in new reports; each is worth packSize × 200 units (or 4 × as many updates). */
const PACKS = [
  { id: "pack-5", packSize: 5, unidades: 1_000, priceArs: 45_000, displayLabel: "5 informes", sort: 1 },
  { id: "pack-20", packSize: 20, unidades: 4_000, priceArs: 160_000, displayLabel: "20 informes", sort: 2 },
  { id: "pack-100", packSize: 100, unidades: 20_000, priceArs: 700_000, displayLabel: "100 informes", sort: 3 },
];

/**
 * The reference data every database needs (plans and packs), and all an empty database gets at boot unless a
 * process installs another seed (the demo: lib/demo/seed.ts). Data only: nothing here depends on lib/.
 */
export async function seedPlans(db: Db): Promise<void> {
  await db.insert(plans).values([...PLANS]).onConflictDoNothing();
  await db.insert(reportPacks).values(PACKS).onConflictDoNothing();
}
