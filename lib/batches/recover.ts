import { inArray } from "drizzle-orm";
import { getDb } from "@/db/client";
import { batches } from "@/db/schema";
import { enqueue } from "@/lib/jobs/enqueue";

/**
 * Announces every unfinished batch again. Its job may be lost with a worker killed mid-run (pg-boss would only
 * retry it after it expires): a new job finds the batch's lock free and resumes it, or finds it held by a live
 * owner and does nothing. Cheap, so every worker runs it at start and then periodically.
 */
export async function announceUnfinished(): Promise<number> {
  const db = await getDb();
  const open = await db.select({ id: batches.id }).from(batches).where(inArray(batches.estado, ["en_cola", "procesando"]));
  for (const { id } of open) await enqueue(db, "batches", { lote_id: id }, id);
  return open.length;
}
