import { createHash, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { POST as postReports } from "@/app/v1/reports/route";
import { getDb } from "@/db/client";
import { reports } from "@/db/schema";
import { authenticateKey } from "@/lib/auth/api-keys";
import type { VerifiedCaller } from "@/lib/auth/caller";
import type { TestAccount } from "./accounts";
import { bearer, call } from "./http";

/** The caller a key resolves to, as the route wrapper would pass it to a service. */
export async function callerOf(account: TestAccount): Promise<VerifiedCaller> {
  const caller = await authenticateKey(await getDb(), account.key);
  if (!caller?.plan) throw new Error("test account key did not authenticate");
  return caller as VerifiedCaller;
}

/**
 * A client address of the account's own, so that per-IP limits (spec 8.1: 30 a minute) measure one test's traffic
 * rather than the whole file's.
 */
export function ipOf(account: Pick<TestAccount, "accountId">): string {
  const h = createHash("sha256").update(account.accountId).digest();
  return `10.${h[0]}.${h[1]}.${h[2]}`;
}

/** POST /v1/reports through the handler with the account's key. */
export function generate(account: TestAccount, cuit: unknown, options: { key?: string; headers?: Record<string, string> } = {}) {
  return call(postReports, "/v1/reports", {
    method: "POST",
    ip: ipOf(account),
    body: { cuit },
    headers: { ...bearer(account.key), ...(options.key ? { "idempotency-key": options.key } : {}), ...options.headers },
  });
}

export const newKey = () => randomUUID();

export async function reportRows(accountId: string) {
  const db = await getDb();
  return db.select().from(reports).where(eq(reports.accountId, accountId));
}
