import type { DbOrTx } from "@/db/client";
import { log } from "@/lib/log";
import { InjectedFault, type Fault } from "./faults";
import type { SourceOutcome } from "./status";
import type { EngineSource, SourceLookup } from "./types";

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * Runs one source's lookup (its own, its share of the table sources' statement, or a test's) within its time
 * budget. A source that throws or is late yields an outcome instead of an error: the late lookup is abandoned (its
 * result, or its failure, is dropped) and the report goes on without it.
 */
export async function runSource(
  source: EngineSource,
  db: DbOrTx,
  snapshotIds: readonly number[],
  cuit: string,
  budgetMs: number,
  fault: Fault | undefined,
  lookup: SourceLookup,
): Promise<SourceOutcome> {
  // Its signal is made only where something listens to it (about 10 µs each, eight per report).
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const work = (async () => {
    if (fault === "throw") throw new InjectedFault(`ENGINE_FAULTS: ${source.key}:throw`);
    if (fault === "slow") {
      await sleep(budgetMs * 2, controller.signal);
      if (controller.signal.aborted) return [];
    }
    return lookup(db, snapshotIds, cuit, controller.signal);
  })();
  const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), budgetMs)));
  try {
    const result = await Promise.race([work, late]);
    if (result === "late") {
      // Only a lookup still running has anything to stop (an abort costs a DOMException with its stack).
      controller.abort();
      work.catch(() => {});
      log().warn({ source: source.key, budgetMs }, "engine source timed out");
      return { kind: "timeout", ms: budgetMs };
    }
    return { kind: "rows", rows: result };
  } catch (err) {
    log().warn({ source: source.key, err }, "engine source failed");
    return { kind: "error" };
  } finally {
    clearTimeout(timer);
  }
}
