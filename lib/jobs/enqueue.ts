import type { DbOrTx } from "@/db/client";
import { rawSql } from "@/db/raw";
import { readyBoss } from "./boss";
import type { QueueName } from "./queues";

/** pg-boss's `db` option over our postgres.js connection: its statements join the caller's transaction. */
function onConnection(db: DbOrTx) {
  const sql = rawSql(db);
  return {
    async executeSql(text: string, values: unknown[] = []) {
      // The same text form the `pg` driver would send, so every parameter is typed by the statement's own casts.
      const params = values.map((v) => {
        if (v === undefined || v === null) return null;
        if (v instanceof Date) return v.toISOString();
        if (typeof v === "string" || typeof v === "number" || typeof v === "boolean" || typeof v === "bigint") return String(v);
        return JSON.stringify(v);
      });
      const rows = await sql.unsafe(text, params);
      return { rows: [...rows] };
    },
  };
}

/**
 * Sends a job in the caller's transaction: it exists exactly when the caller's writes commit. `key` makes the job a
 * singleton while it waits (see QUEUES).
 */
export async function enqueue(db: DbOrTx, queue: QueueName, data: Record<string, unknown>, key: string): Promise<void> {
  const boss = await readyBoss();
  await boss.send(queue, data, { singletonKey: key, db: onConnection(db) });
}
