import type { Tx } from "@/db/client";
import { pgCode } from "@/db/raw";
import { DomainError } from "@/lib/errors";
import type { ReportPostResponse } from "@/lib/schemas/reports";
import { insertKey, type StoredKey } from "./generation-sql";

export const conflict = () => new DomainError("idempotency_key_conflict", { retryAfter: 1 });

/** A replay returns the original response unchanged except for `cache_hit`; another CUIT under the key is a conflict. */
export function replay(stored: StoredKey, cuit: string): ReportPostResponse {
  if (stored.cuit !== cuit) throw conflict();
  return { ...(stored.response as ReportPostResponse), cache_hit: true };
}

/**
 * Binds the key to this operation, its report, in the generation's transaction: a replay rebuilds the response from
 * the report. If a concurrent request bound the same key to another CUIT, the primary key makes this insert wait for
 * it and then fail: the whole generation rolls back.
 */
export async function storeKey(tx: Tx, accountId: string, key: string, cuit: string, reportId: string, at: Date) {
  await insertKey(tx, { accountId, key, cuit, reportId, createdAt: at }).catch((e: unknown) => {
    if (pgCode(e) === "23505") throw conflict();
    throw e;
  });
}
