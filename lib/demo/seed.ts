import type { Db } from "@/db/client";
import { seedPlans } from "@/db/seed";
import { createAccount } from "@/lib/accounts/create";
import { creditPurchased } from "@/lib/billing/credit";
import { seedCatalog } from "@/lib/catalog/demo";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { loadDemoSources } from "@/lib/sources/demo/load-demo";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "./accounts";
import { OPERATOR } from "@/lib/audit/record";

export { DEMO_ADMIN, DEMO_CUSTOMER } from "./accounts";

/**
 * Everything an empty database gets at boot when the demo is on. It runs on the boot pool, inside the boot lock:
 * everything it calls must use the `db` it is given, never `getDb()`.
 */
export async function seedDemo(db: Db): Promise<void> {
  const started = performance.now();
  await seedPlans(db);
  // The demo passwords are published (README) and contain the email's name, which the password policy refuses.
  const published = { passwordPolicy: false };
  await createAccount(db, { ...DEMO_ADMIN, plan: "enterprise", admin: true, name: "Legajo (administración)" }, OPERATOR, published);
  const customer = await createAccount(db, { ...DEMO_CUSTOMER, plan: "ultimate", name: "Cliente demo S.A." }, OPERATOR, published);
  await creditPurchased(db, customer.account_id, 1_000, { kind: "operator_load", note: "demo" });
  // The engine's sources, generated in the publications' own layouts and loaded by the same importers as a real file.
  await loadDemoSources(db, { cuits: env().DEMO_CUITS });
  // Last: it publishes the snapshots of the source data loaded above.
  await seedCatalog(db);
  log().info(
    { ms: Math.round(performance.now() - started) },
    `Demo data loaded. Sign in at /login as ${DEMO_ADMIN.email} (password ${DEMO_ADMIN.password}, admin) ` +
      `or ${DEMO_CUSTOMER.email} (password ${DEMO_CUSTOMER.password}, plan Ultimate).`,
  );
}
