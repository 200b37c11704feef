import { log } from "@/lib/log";
import { createAccount } from "@/lib/accounts/create";
import { creditPurchased } from "@/lib/billing/credit";
import { seedCatalog } from "@/lib/catalog/demo";
import { env } from "@/lib/env";
import { loadDemoSources } from "@/lib/sources/demo/load-demo";
import type { Db } from "./client";
import { plans, reportPacks } from "./schema";

/** Demo logins, printed at first boot and listed in the README. */
export const DEMO_ADMIN = { email: "admin@legajo.demo", password: "legajo-admin-demo" };
export const DEMO_CUSTOMER = { email: "cliente@legajo.demo", password: "legajo-cliente-demo" };

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

export async function seedPlans(db: Db): Promise<void> {
  await db.insert(plans).values([...PLANS]).onConflictDoNothing();
  await db.insert(reportPacks).values(PACKS).onConflictDoNothing();
}

/**
 * Everything an empty database gets at boot. It runs on the boot connection, inside the boot lock: everything it
 * calls must use the `db` it is given, never `getDb()`.
 */
export async function seedDemo(db: Db): Promise<void> {
  const started = performance.now();
  await seedPlans(db);
  // The demo passwords are published (README) and contain the email's name, which the password policy refuses.
  const published = { passwordPolicy: false };
  await createAccount(db, { ...DEMO_ADMIN, plan: "enterprise", admin: true, name: "Legajo (administración)" }, "cli", published);
  const customer = await createAccount(db, { ...DEMO_CUSTOMER, plan: "ultimate", name: "Cliente demo S.A." }, "cli", published);
  await creditPurchased(db, customer.account_id, 1_000, { kind: "operator_load", note: "demo" });
  // The engine's eight sources, generated and loaded through the same ingestion path as a real file.
  await loadDemoSources(db, { cuits: env().DEMO_CUITS });
  // Last: it publishes the snapshots of the source data loaded above.
  await seedCatalog(db);
  log().info(
    { ms: Math.round(performance.now() - started) },
    `Demo data loaded. Sign in at /login as ${DEMO_ADMIN.email} (password ${DEMO_ADMIN.password}, admin) ` +
      `or ${DEMO_CUSTOMER.email} (password ${DEMO_CUSTOMER.password}, plan Ultimate).`,
  );
}
