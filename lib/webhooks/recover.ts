import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { now } from "@/lib/clock";
import { enqueue } from "@/lib/jobs/enqueue";

/**
 * Announces the delivery job when a delivery is due: retries come due with time, and a job lost with a killed
 * worker is replaced. The queue keeps at most one waiting (lib/jobs/queues.ts), so this adds nothing when one is.
 */
export async function announceDueDeliveries(): Promise<number> {
  const db = await getDb();
  const [row] = await db.execute<{ due: boolean }>(
    sql`select exists (select 1 from webhook_deliveries where estado = 'pendiente' and next_attempt_at <= ${now().toISOString()}::timestamptz) as due`,
  );
  if (!row?.due) return 0;
  await enqueue(db, "webhooks", {}, "webhooks");
  return 1;
}
