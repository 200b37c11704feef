import { log } from "@/lib/log";
import { readyBoss, stopBoss } from "./boss";
import { closeJobsDatabase } from "./database";
import { HANDLERS } from "./handlers";

/** How often a worker looks for work whose job was lost (a worker killed mid-run). */
const RECOVER_MS = 30_000;

const state = globalThis as unknown as { __legajoWorkers?: { timer: NodeJS.Timeout } };

async function recoverAll(): Promise<void> {
  for (const [queue, spec] of Object.entries(HANDLERS)) {
    await spec.recover?.().catch((err: unknown) => log().error({ err, queue }, "job recovery failed"));
  }
}

/**
 * Starts this process's workers: every queue's handler, `concurrency` jobs at a time, polling every half second
 * (pg-boss's minimum), then the recovery pass. Idempotent.
 */
export async function startWorkers(): Promise<void> {
  if (state.__legajoWorkers) return;
  const boss = await readyBoss();
  state.__legajoWorkers = { timer: setInterval(() => void recoverAll(), RECOVER_MS).unref() };
  for (const [queue, spec] of Object.entries(HANDLERS)) {
    for (let i = 0; i < spec.concurrency; i++) {
      await boss.work<Record<string, unknown>>(queue, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => {
        await spec.run(job.data);
      });
    }
  }
  await recoverAll();
  log().info({ queues: Object.keys(HANDLERS) }, "job workers started");
}

/** Stops fetching jobs, lets running ones finish (up to `timeoutMs`) and closes the queue's pool. */
export async function stopWorkers(timeoutMs = 10_000): Promise<void> {
  const running = state.__legajoWorkers;
  state.__legajoWorkers = undefined;
  if (running) clearInterval(running.timer);
  await stopBoss(timeoutMs);
  await closeJobsDatabase();
}
