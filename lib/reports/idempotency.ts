import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "@/db/client";
import { idempotencyKeys } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";
import type { ReportPostResponse } from "@/lib/schemas/reports";
import { insertKey } from "./statements";

export const conflict = () => new ApiError(409, "idempotency_key_conflict", { headers: { "Retry-After": "1" } });

function keyLookup(db: DbOrTx) {
  return db
    .select({ cuit: idempotencyKeys.cuit, response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.accountId, sql.placeholder("accountId")), eq(idempotencyKeys.key, sql.placeholder("key"))))
    .prepare("idempotency_key");
}
/** Built once per database: a named prepared statement, neither rebuilt by drizzle nor re-planned per request. */
const keyLookups = new WeakMap<DbOrTx, ReturnType<typeof keyLookup>>();

/** The stored outcome of a key, if its operation committed. */
export async function findKey(db: DbOrTx, accountId: string, key: string) {
  let lookup = keyLookups.get(db);
  if (!lookup) keyLookups.set(db, (lookup = keyLookup(db)));
  const [row] = await lookup.execute({ accountId, key });
  return row;
}

/** A replay returns the original response unchanged except for `cache_hit`; another CUIT under the key is a conflict. */
export function replay(stored: { cuit: string; response: Record<string, unknown> }, cuit: string): ReportPostResponse {
  if (stored.cuit !== cuit) throw conflict();
  return { ...(stored.response as ReportPostResponse), cache_hit: true };
}

const pgCode = (e: unknown): string | undefined =>
  (e as { code?: string }).code ?? ((e as { cause?: { code?: string } }).cause?.code);

/**
 * Binds the key to this operation in the generation's transaction. If a concurrent request bound the same key to
 * another CUIT, the primary key makes this insert wait for it and then fail: the whole generation rolls back.
 */
export async function storeKey(tx: Tx, accountId: string, key: string, cuit: string, reportId: string, response: ReportPostResponse, at: Date) {
  await insertKey(tx, { accountId, key, cuit, reportId, response, createdAt: at }).catch((e: unknown) => {
    if (pgCode(e) === "23505") throw conflict();
    throw e;
  });
}
