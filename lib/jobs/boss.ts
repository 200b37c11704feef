import PgBoss from "pg-boss";
import { ensureDatabase } from "@/db/client";
import { log } from "@/lib/log";
import { QUEUES } from "./queues";

const cache = globalThis as unknown as { __legajoBoss?: Promise<PgBoss> };

/**
 * The process's pg-boss, started on the app's database: its schema (`pgboss`) installed or migrated and every
 * queue created, so a job can be sent. Starting it runs no handler; that is `startWorkers`. pg-boss keeps its own
 * small `pg` pool beside the app's postgres.js one, and runs its maintenance (expiry, retries, archiving) from here.
 */
export function readyBoss(): Promise<PgBoss> {
  cache.__legajoBoss ??= (async () => {
    const boss = new PgBoss({ connectionString: await ensureDatabase(), max: 3, application_name: "legajo-jobs", schedule: false });
    boss.on("error", (err: Error) => log().error({ err }, "job queue error"));
    await boss.start();
    for (const [name, options] of Object.entries(QUEUES)) await boss.createQueue(name, { name, ...options });
    return boss;
  })().catch((e: unknown) => {
    cache.__legajoBoss = undefined;
    throw e;
  });
  return cache.__legajoBoss;
}

/** Stops the boss: workers finish their current job (up to `timeoutMs`), then its pool closes. */
export async function stopBoss(timeoutMs = 10_000): Promise<void> {
  const pending = cache.__legajoBoss;
  cache.__legajoBoss = undefined;
  const boss = await pending?.catch(() => undefined);
  if (!boss) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, timeoutMs + 1_000);
    boss.once("stopped", () => {
      clearTimeout(timer);
      resolve();
    });
    boss.stop({ graceful: true, close: true, timeout: timeoutMs }).catch(() => resolve());
  });
}
