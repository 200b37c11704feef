import type { Db } from "@/db/client";
import { sourceNameEnum, type SourceName } from "@/db/schema";
import { seedPlans } from "@/db/seed";
import { createAccount } from "@/lib/accounts/create";
import { creditPurchased } from "@/lib/billing/credit";
import { seedCatalog } from "@/lib/catalog/demo";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { generateDemo, loadDemoFiles, type GeneratedDemo } from "@/lib/sources/demo/load-demo";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "./accounts";
import { OPERATOR } from "@/lib/audit/record";

export { DEMO_ADMIN, DEMO_CUSTOMER } from "./accounts";

let generated: Promise<GeneratedDemo> | undefined;

/**
 * Starts generating the demo's source files, which needs no database: the boot calls it while Postgres initialises
 * a new data dir, and the seed then finds them made. The generator hands the event loop back as it goes.
 */
export function prepareDemo(): Promise<GeneratedDemo> {
  generated ??= generateDemo({ cuits: env().DEMO_CUITS });
  // Awaited by the seed; a boot that ends before it must not see an unhandled rejection.
  generated.catch(() => undefined);
  return generated;
}

/**
 * One promise per source, settled by the loader: the catalog publishes a source's datasets once it is in. At the
 * end every one is settled, also those of sources with no step (a list with no entry in a small demo).
 */
function sourceSignals() {
  const signals = new Map(
    sourceNameEnum.enumValues.map((source) => {
      let settle!: (error?: Error) => void;
      const promise = new Promise<void>((resolve, reject) => (settle = (error) => (error === undefined ? resolve() : reject(error))));
      // Rejected only when the load failed, which the seed reports itself.
      promise.catch(() => undefined);
      return [source, { promise, settle }] as const;
    }),
  );
  return {
    loaded: (source: SourceName) => signals.get(source)!.promise,
    done: (source: SourceName) => signals.get(source)!.settle(),
    settleAll: (error?: Error) => signals.forEach((s) => s.settle(error)),
  };
}

/**
 * Everything an empty database gets at boot when the demo is on. It runs on the boot pool, inside the boot lock:
 * everything it calls must use the `db` it is given, never `getDb()`.
 */
export async function seedDemo(db: Db): Promise<void> {
  const started = performance.now();
  const files = prepareDemo();
  await seedPlans(db);
  // The demo passwords are published (README) and contain the email's name, which the password policy refuses.
  const published = { passwordPolicy: false };
  await createAccount(db, { ...DEMO_ADMIN, plan: "enterprise", admin: true, name: "Legajo (administración)" }, OPERATOR, published);
  const customer = await createAccount(db, { ...DEMO_CUSTOMER, plan: "ultimate", name: "Cliente demo S.A." }, OPERATOR, published);
  await creditPurchased(db, customer.account_id, 1_000, { kind: "operator_load", note: "demo" });
  // The engine's sources, generated in the publications' own layouts and loaded by the same importers as a real
  // file; the catalog publishes each source's snapshot as soon as that source is in.
  const signals = sourceSignals();
  const catalog = seedCatalog(db, signals.loaded);
  try {
    const demo = await files;
    await loadDemoFiles(db, demo.demo, { onSourceLoaded: signals.done });
    signals.settleAll();
  } catch (e) {
    signals.settleAll(e instanceof Error ? e : new Error(String(e)));
    await catalog.catch(() => undefined);
    throw e;
  } finally {
    generated = undefined;
    (await files.catch(() => undefined))?.remove();
  }
  await catalog;
  log().info(
    { ms: Math.round(performance.now() - started) },
    `Demo data loaded. Sign in at /login as ${DEMO_ADMIN.email} (password ${DEMO_ADMIN.password}, admin) ` +
      `or ${DEMO_CUSTOMER.email} (password ${DEMO_CUSTOMER.password}, plan Ultimate).`,
  );
}
