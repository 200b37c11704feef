import { and, eq, inArray, notExists, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { batches, batchItems } from "@/db/schema";
import { loadAccountCaller } from "@/lib/auth/caller";
import type { VerifiedCaller } from "@/lib/auth/caller";
import { jobsDatabase } from "@/lib/jobs/database";
import { log } from "@/lib/log";
import { recordBatchCompleted } from "@/lib/monitoring/report-events";
import { runItem, type ItemOutcome } from "./run-item";

/**
 * Items of one batch running at once. Each holds a pool connection while its generation runs, and the batch runs
 * beside the API's own traffic on the same database: enough to finish 1,000 items in a few seconds without
 * queueing the API's requests behind them.
 */
export const ITEM_CONCURRENCY = 3;

const SUSPENDED = "La cuenta está suspendida: este CUIT no se generó ni se cobró.";

/** Takes the next item to run, marked `procesando`. SKIP LOCKED: two runners never take the same one. */
async function claim(db: Db, batchId: string) {
  const rows = await db.execute<{ posicion: number; cuit: string; intentos: number }>(sql`
    update ${batchItems} set status = 'procesando', intentos = intentos + 1, updated_at = now()
     where batch_id = ${batchId} and posicion = (
       select posicion from ${batchItems}
        where batch_id = ${batchId} and status = 'pendiente' and duplicado_de is null
        order by posicion limit 1 for update skip locked)
    returning posicion, cuit, intentos`);
  return rows[0];
}

/** The outcome of an item, shared by the later entries with its CUIT (which are never charged). */
async function record(db: Db, batchId: string, posicion: number, o: ItemOutcome): Promise<void> {
  await db
    .update(batchItems)
    .set({
      status: o.status,
      informeId: o.informeId,
      tipoAccion: sql`case when ${batchItems.posicion} = ${posicion} then ${o.tipoAccion}::tipo_accion end`,
      costoUnidades: sql`case when ${batchItems.posicion} = ${posicion} then ${o.costoUnidades}::int else 0 end`,
      error: o.error,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(batchItems.batchId, batchId),
        sql`(${batchItems.posicion} = ${posicion} or (${batchItems.duplicadoDe} = ${posicion} and ${batchItems.status} = 'pendiente'))`,
      ),
    );
}

async function release(db: Db, batchId: string, posicion: number): Promise<void> {
  await db
    .update(batchItems)
    .set({ status: "pendiente", updatedAt: new Date() })
    .where(and(eq(batchItems.batchId, batchId), eq(batchItems.posicion, posicion)));
}

/** Completes the batch once no item is waiting or running; a cancelled batch keeps its state. */
async function finish(db: Db, batchId: string): Promise<void> {
  const open = db
    .select({ one: sql`1` })
    .from(batchItems)
    .where(and(eq(batchItems.batchId, batchId), inArray(batchItems.status, ["pendiente", "procesando"])));
  await db.transaction(async (tx) => {
    const [done] = await tx
      .update(batches)
      .set({ estado: "completado", finishedAt: new Date() })
      .where(and(eq(batches.id, batchId), inArray(batches.estado, ["en_cola", "procesando"]), notExists(open)))
      .returning({ id: batches.id, accountId: batches.accountId, total: batches.total });
    if (done) await recordBatchCompleted(tx, done);
  });
}

/** Stops a batch whose account can no longer generate: nothing left runs or is charged. */
async function stopForAccount(db: Db, batchId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(batchItems)
      .set({ status: "cancelado", error: SUSPENDED, updatedAt: new Date() })
      .where(and(eq(batchItems.batchId, batchId), eq(batchItems.status, "pendiente")));
    await tx
      .update(batches)
      .set({ estado: "cancelado", finishedAt: new Date() })
      .where(and(eq(batches.id, batchId), inArray(batches.estado, ["en_cola", "procesando"])));
  });
}

async function runner(db: Db, caller: VerifiedCaller, batchId: string): Promise<void> {
  for (;;) {
    const item = await claim(db, batchId);
    if (!item) return;
    const outcome = await runItem(db, caller, batchId, item.cuit, item.intentos);
    if (outcome) {
      await record(db, batchId, item.posicion, outcome);
    } else {
      await release(db, batchId, item.posicion);
      await new Promise((r) => setTimeout(r, 250 * item.intentos));
    }
  }
}

/** Runs what is left of a batch; the caller holds the batch's lock. */
async function run(db: Db, batchId: string): Promise<void> {
  const [batch] = await db.select().from(batches).where(eq(batches.id, batchId));
  if (!batch || batch.estado === "completado") return;
  // Items a previous owner left running died with it; with the lock held, no one else is running them.
  await db
    .update(batchItems)
    .set({ status: "pendiente" })
    .where(and(eq(batchItems.batchId, batchId), eq(batchItems.status, "procesando")));
  await db.update(batches).set({ estado: "procesando" }).where(and(eq(batches.id, batchId), eq(batches.estado, "en_cola")));
  const caller = await loadAccountCaller(db, batch.accountId, batch.userId);
  if (!caller?.plan || caller.account.suspended) {
    await stopForAccount(db, batchId);
    return;
  }
  const verified = caller as VerifiedCaller;
  await Promise.all(Array.from({ length: ITEM_CONCURRENCY }, () => runner(db, verified, batchId)));
  await finish(db, batchId);
}

/**
 * The job "process batch X". The batch's owner holds a session advisory lock on a connection of its own for the
 * whole run: held across every worker on the database, released the moment its process dies. A job that finds the
 * lock taken has nothing to do (the owner is alive); one that takes it resumes where a dead owner stopped.
 */
export async function processBatch(batchId: string): Promise<void> {
  const { db, sql } = await jobsDatabase();
  const owner = await sql.reserve();
  const name = `batch:${batchId}`;
  try {
    const [{ locked }] = await owner<{ locked: boolean }[]>`select pg_try_advisory_lock(hashtextextended(${name}, 0)) as locked`;
    if (!locked) return;
    const started = performance.now();
    try {
      await run(db, batchId);
    } finally {
      await owner`select pg_advisory_unlock(hashtextextended(${name}, 0))`;
    }
    log().info({ batchId, ms: Math.round(performance.now() - started) }, "batch run");
  } finally {
    owner.release();
  }
}
