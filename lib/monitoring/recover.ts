import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { monitoringScans } from "@/db/schema";
import { enqueue } from "@/lib/jobs/enqueue";

/**
 * Announces every scan not done. Its job may be lost with a worker killed mid-run; a new one runs it, or waits on
 * the scan's lock behind a live runner and then finds it done.
 */
export async function announceUnfinishedScans(): Promise<number> {
  const db = await getDb();
  const open = await db.select({ id: monitoringScans.id }).from(monitoringScans).where(eq(monitoringScans.done, false));
  for (const { id } of open) await enqueue(db, "monitoring", { scan_id: id }, `scan:${id}`);
  return open.length;
}
