import { log } from "@/lib/log";
import { InjectedFault, type Fault } from "./faults";
import type { SourceOutcome } from "./status";
import type { EngineSource, SectionKey } from "./types";

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

/** One source of a report: its lookup, started with the signal that tells it it is late, and its injected fault. */
export interface SourceRun {
  source: EngineSource;
  start: (signal: AbortSignal) => Promise<readonly unknown[]>;
  fault?: Fault;
}

function begin(run: SourceRun, signal: AbortSignal, budgetMs: number): Promise<readonly unknown[]> {
  if (run.fault === "throw") return Promise.reject(new InjectedFault(`ENGINE_FAULTS: ${run.source.key}:throw`));
  if (run.fault === "slow") return sleep(budgetMs * 2, signal).then(() => []);
  try {
    return run.start(signal);
  } catch (err) {
    return Promise.reject(err instanceof Error ? err : new Error(String(err)));
  }
}

/**
 * Runs the sources' lookups (each its own, its share of the table sources' statement, or a test's) at once, within
 * one time budget: they start together, so one timer tells every source still running that it is late, and aborts
 * its signal. A source that throws or is late yields an outcome instead of an error: the late lookup is abandoned
 * (its result, or its failure, is dropped) and the report goes on without it. One settlement per source and one
 * timer per report: this runs on every POST /v1/reports, where each promise also costs Next's async context.
 */
export async function runSources(runs: readonly SourceRun[], budgetMs: number): Promise<Map<SectionKey, SourceOutcome>> {
  const outcomes = new Map<SectionKey, SourceOutcome>();
  const controller = new AbortController();
  let decided = false;
  const settled = Promise.all(
    runs.map((run) =>
      begin(run, controller.signal, budgetMs).then(
        (rows) => void (decided || outcomes.set(run.source.key, { kind: "rows", rows })),
        (err: unknown) => {
          if (decided) return;
          log().warn({ source: run.source.key, err }, "engine source failed");
          outcomes.set(run.source.key, { kind: "error" });
        },
      ),
    ),
  );
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => (timer = setTimeout(resolve, budgetMs, "late")));
  // Neither rejects: every settlement above turns a failure into an outcome.
  const result = await Promise.race([settled, late]);
  decided = true;
  clearTimeout(timer);
  if (result !== "late") return outcomes;
  // Only a lookup still running has anything to stop (an abort costs a DOMException with its stack).
  controller.abort();
  for (const { source } of runs) {
    if (outcomes.has(source.key)) continue;
    log().warn({ source: source.key, budgetMs }, "engine source timed out");
    outcomes.set(source.key, { kind: "timeout", ms: budgetMs });
  }
  return outcomes;
}
