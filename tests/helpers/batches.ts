import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { GET as getBatchRoute } from "@/app/v1/batches/[id]/route";
import { GET as itemsRoute } from "@/app/v1/batches/[id]/items/route";
import { POST as postBatches } from "@/app/v1/batches/route";
import { getDb } from "@/db/client";
import { ledgerEntries } from "@/db/schema";
import { getBatch } from "@/lib/batches/view";
import type { BatchItemView, BatchView } from "@/lib/schemas/batches";
import type { TestAccount } from "./accounts";
import { bearer, call } from "./http";
import { ipOf } from "./reports";

/** POST /v1/batches with the account's key; a fresh Idempotency-Key unless one is given (`null`: none). */
export function postBatch(account: TestAccount, body: unknown, options: { key?: string | null } = {}) {
  const key = options.key === undefined ? randomUUID() : options.key;
  return call(postBatches, "/v1/batches", {
    method: "POST",
    ip: ipOf(account),
    body,
    headers: { ...bearer(account.key), ...(key ? { "idempotency-key": key } : {}) },
  });
}

export async function batchOf(account: TestAccount, id: string): Promise<BatchView> {
  const res = await call(getBatchRoute, `/v1/batches/${id}`, { headers: bearer(account.key), ip: ipOf(account), params: { id } });
  if (res.status !== 200) throw new Error(`GET /v1/batches/${id}: ${res.status} ${res.text}`);
  return res.body as BatchView;
}

export async function itemsOf(account: TestAccount, id: string): Promise<BatchItemView[]> {
  const res = await call(itemsRoute, `/v1/batches/${id}/items?limit=1000`, { headers: bearer(account.key), ip: ipOf(account), params: { id } });
  if (res.status !== 200) throw new Error(`GET /v1/batches/${id}/items: ${res.status} ${res.text}`);
  return (res.body as { items: BatchItemView[] }).items;
}

/**
 * Polls the batch (through the service, so that polling does not spend the account's read limit) until it is no
 * longer queued or running, then answers it as GET /v1/batches/{id} does.
 */
export async function settled(account: TestAccount, id: string, timeoutMs = 30_000): Promise<BatchView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const b = await progressOf(account, id);
    if (b.estado === "completado" || (b.estado === "cancelado" && b.procesados + b.cancelados === b.total)) return batchOf(account, id);
    if (Date.now() > deadline) throw new Error(`batch ${id} still ${b.estado} after ${timeoutMs} ms: ${JSON.stringify(b)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The batch's progress read through the service, without a request. */
export const progressOf = async (account: TestAccount, id: string): Promise<BatchView> => getBatch(await getDb(), account.accountId, id);

/** Units the account's reports took from the ledger (a positive number). */
export async function debitedUnits(accountId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ total: sql<number>`coalesce(-sum(${ledgerEntries.delta}), 0)::int` })
    .from(ledgerEntries)
    .where(sql`${eq(ledgerEntries.accountId, accountId)} and ${ledgerEntries.kind} = 'report_debit'`);
  return row.total;
}
