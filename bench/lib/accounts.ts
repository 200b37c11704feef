import { randomUUID } from "node:crypto";
import type { Db } from "@/db/client";
import type { BillingModel, PlanTier } from "@/db/schema";
import { createAccount } from "@/lib/accounts/create";
import { authenticateKey, createApiKey } from "@/lib/auth/api-keys";
import { creditPurchased } from "@/lib/billing/credit";
import type { VerifiedCaller } from "@/lib/auth/caller";
import { generateReport } from "@/lib/reports/generate";
import { OPERATOR } from "@/lib/audit/record";

export interface ProvisionedAccount {
  accountId: string;
  email: string;
  key: string;
  /** A report of the account (when asked for), and its CUIT: GET by id reads it, an update POST regenerates it. */
  reportId?: string;
  cuit?: string;
}

export interface ProvisionOptions {
  plan?: PlanTier;
  billing?: BillingModel;
  admin?: boolean;
  /** Purchased units loaded on top of the plan's allotment. */
  units?: number;
  /** Generates one real report per account, for the CUIT `cuits[i % cuits.length]`. */
  reportCuits?: string[];
  /** Runs this many provisions at once (argon2 hashing of the unused password dominates). */
  concurrency?: number;
  onProgress?: (done: number) => void;
}

/** The caller a key resolves to, exactly as the route wrapper would hand it to a service. */
export async function callerOfKey(db: Db, key: string): Promise<VerifiedCaller> {
  const caller = await authenticateKey(db, key);
  if (!caller?.plan) throw new Error("a provisioned key did not authenticate");
  return caller as VerifiedCaller;
}

/**
 * Accounts made through the same services as the operator CLI (`account:create`, `balance:load`, `key:create`),
 * in this process and on the app's database, which is much faster than one CLI process per account.
 */
export async function provisionAccounts(db: Db, count: number, options: ProvisionOptions = {}): Promise<ProvisionedAccount[]> {
  const out: ProvisionedAccount[] = new Array<ProvisionedAccount>(count);
  let next = 0;
  let done = 0;
  const one = async (i: number) => {
    const email = `drill-${randomUUID()}@bench.test`;
    const created = await createAccount(
      db,
      { email, plan: options.plan ?? "ultimate", billing: options.billing ?? "balance", admin: options.admin ?? false },
      OPERATOR,
    );
    if (options.units) await creditPurchased(db, created.account_id, options.units, { kind: "operator_load", note: "bench" });
    const { key } = await createApiKey(db, created.account_id, { name: "bench" }, OPERATOR);
    const account: ProvisionedAccount = { accountId: created.account_id, email, key };
    if (options.reportCuits?.length) {
      const cuit = options.reportCuits[i % options.reportCuits.length];
      const { body } = await generateReport(db, await callerOfKey(db, key), { cuit, idempotencyKey: null });
      if (!body.informe_id) throw new Error(`no report persisted for ${cuit}`);
      account.reportId = body.informe_id;
      account.cuit = body.cuit;
    }
    out[i] = account;
    options.onProgress?.(++done);
  };
  const workers = Array.from({ length: Math.min(count, options.concurrency ?? 4) }, async () => {
    while (next < count) await one(next++);
  });
  await Promise.all(workers);
  return out;
}
