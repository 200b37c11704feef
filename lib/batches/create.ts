import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { pgCode } from "@/db/raw";
import { batches, batchItems, idempotencyKeys, type Batch } from "@/db/schema";
import type { VerifiedCaller } from "@/lib/auth/caller";
import { DomainError } from "@/lib/errors";
import { newId } from "@/lib/id";
import { readyBoss } from "@/lib/jobs/boss";
import { enqueue } from "@/lib/jobs/enqueue";
import type { BatchCreated, BatchQuote } from "@/lib/schemas/batches";
import { checkEntries } from "./entries";
import { quoteBatch } from "./quote";

const conflict = () =>
  new DomainError("idempotency_key_conflict", {
    text: "Esta Idempotency-Key ya se usó para otra operación (otro lote u otro CUIT). Usá una clave nueva para cada lote.",
    retryAfter: 1,
  });

const hashOf = (entries: readonly string[]) => createHash("sha256").update(JSON.stringify(entries)).digest("hex");

const createdBody = (b: Batch): BatchCreated => ({ lote_id: b.id, estado: b.estado, total: b.total, cotizacion: b.cotizacion as BatchQuote });

/** A batch already created under the key: the same one when the list is the same, otherwise a conflict. */
async function existing(db: Db, accountId: string, key: string, hash: string): Promise<BatchCreated | null> {
  const [row] = await db.select().from(batches).where(and(eq(batches.accountId, accountId), eq(batches.idempotencyKey, key)));
  if (!row) return null;
  if (row.bodyHash !== hash) throw conflict();
  return createdBody(row);
}

/** POST /v1/batches with `solo_cotizar`: the quote of the list, nothing written. */
export async function quoteEntries(db: Db, caller: VerifiedCaller, entries: readonly string[]): Promise<BatchQuote> {
  return quoteBatch(db, caller, await checkEntries(db, entries));
}

/**
 * POST /v1/batches. The batch, its items and the job that runs them commit in one transaction: a batch exists only
 * with its job, and a job only for a batch that exists. An `Idempotency-Key` names one batch forever: the same key
 * and list give the same batch; another list, or a key already used by a single report, is 409.
 */
export async function createBatch(
  db: Db,
  caller: VerifiedCaller,
  input: { entries: readonly string[]; idempotencyKey: string },
): Promise<{ body: BatchCreated; replayed: boolean }> {
  const key = input.idempotencyKey;
  const hash = hashOf(input.entries);
  const found = await existing(db, caller.accountId, key, hash);
  if (found) return { body: found, replayed: true };
  const [single] = await db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.accountId, caller.accountId), eq(idempotencyKeys.key, key)));
  if (single) throw conflict();

  const checked = await checkEntries(db, input.entries);
  const cotizacion = await quoteBatch(db, caller, checked);
  const runnable = checked.some((c) => c.error === null);
  // The queue is ready before the transaction opens, which then holds its locks only for its own writes.
  if (runnable) await readyBoss();
  const id = newId("batch");
  try {
    const row = await db.transaction(async (tx) => {
      const [batch] = await tx
        .insert(batches)
        .values({
          id,
          accountId: caller.accountId,
          userId: caller.userId,
          idempotencyKey: key,
          bodyHash: hash,
          total: checked.length,
          cotizacion,
          // A list with no valid entry has nothing to run: it is complete as it is created.
          ...(runnable ? {} : { estado: "completado" as const, finishedAt: new Date() }),
        })
        .returning();
      await tx.insert(batchItems).values(
        checked.map((c) => ({
          batchId: id,
          posicion: c.posicion,
          entrada: c.entrada,
          cuit: c.cuit,
          status: c.error === null ? ("pendiente" as const) : ("invalido" as const),
          duplicadoDe: c.duplicadoDe,
          error: c.error,
        })),
      );
      if (runnable) await enqueue(tx, "batches", { lote_id: id }, id);
      return batch;
    });
    return { body: createdBody(row), replayed: false };
  } catch (e) {
    // A twin request with the same key committed first: answer as a replay of it.
    if (pgCode(e) !== "23505") throw e;
    const twin = await existing(db, caller.accountId, key, hash);
    if (!twin) throw e;
    return { body: twin, replayed: true };
  }
}
