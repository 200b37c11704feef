import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { DbOrTx } from "@/db/client";
import type { SourceName } from "@/db/schema";
import { localDay, now } from "@/lib/clock";
import { log } from "@/lib/log";
import { allSettledInOrder } from "@/lib/settled";
import { importerFor } from "../formats";
import { importSource, type ImportResult } from "../load";
import { generateDemoFiles, type DemoFiles, type DemoOptions, type DemoStep } from "./generate";

/** What one import of the demo loaded: the summary `source:import` prints, with the bad lines counted. */
export type DemoImport = Omit<ImportResult, "bad_lines" | "files"> & { bad_lines: number; files: string[] };

export interface DemoLoad {
  cuits: number;
  imports: DemoImport[];
  generate_ms: number;
  load_ms: number;
}

/**
 * Loads generated demo files with the importers `source:import` uses, one snapshot per step. On a pool the sources
 * load side by side, each in its own transactions, except marcas, whose owners INPI's import links through the
 * padrón: it waits for the rest. A source's own steps keep their order, which is the order of their snapshot ids
 * (the engine merges a source's feeds newest first). Inside a transaction everything runs one step after the
 * other. Results come in the steps' order. `onSourceLoaded` hears of each source as soon as its last step is in.
 */
export async function loadDemoFiles(
  db: DbOrTx,
  demo: DemoFiles,
  hooks: { onProgress?: (step: DemoStep, done: number, total?: number) => void; onSourceLoaded?: (source: SourceName) => void } = {},
): Promise<DemoImport[]> {
  const { onProgress, onSourceLoaded } = hooks;
  const load = async (step: DemoStep): Promise<DemoImport> => {
    const result = await importSource(db, {
      importer: importerFor(step.format, step.source),
      files: step.files,
      snapshotDate: step.snapshotDate,
      maxBadLines: step.maxBadLines,
      onProgress: onProgress && ((done, total) => onProgress(step, done, total)),
    });
    if (result.bad_lines.length) log().warn({ format: step.format, skipped: result.bad_lines.length, first: result.bad_lines[0] }, "demo import skipped lines");
    log().debug({ format: step.format, rows: result.rows, ms: result.ms }, "demo source imported");
    return { ...result, bad_lines: result.bad_lines.length, files: step.files.map((f) => path.basename(f)) };
  };
  const loaded = new Map<DemoStep, DemoImport>();
  const inOrder = async (steps: DemoStep[]) => {
    for (const step of steps) loaded.set(step, await load(step));
  };
  const sideBySide = async (steps: DemoStep[]) => {
    const sources = [...new Set(steps.map((s) => s.source))];
    const loadSource = async (source: SourceName) => {
      await inOrder(steps.filter((s) => s.source === source));
      onSourceLoaded?.(source);
    };
    if ("rollback" in db) {
      for (const source of sources) await loadSource(source);
      return;
    }
    await allSettledInOrder(sources.map(loadSource));
  };
  await sideBySide(demo.steps.filter((s) => s.source !== "marcas"));
  await sideBySide(demo.steps.filter((s) => s.source === "marcas"));
  return demo.steps.map((s) => loaded.get(s)!);
}

export interface GeneratedDemo {
  demo: DemoFiles;
  ms: number;
  /** Removes the files (also done at exit, for files generated but never loaded). */
  remove: () => void;
}

/** Generates the demo's files in the publications' layouts into a temporary folder. */
export async function generateDemo(options: Partial<DemoOptions> & { cuits: number }): Promise<GeneratedDemo> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "legajo-demo-"));
  const remove = () => {
    process.off("exit", remove);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.once("exit", remove);
  try {
    const started = performance.now();
    const demo = await generateDemoFiles(dir, { today: localDay(now()), ...options });
    return { demo, ms: Math.round(performance.now() - started), remove };
  } catch (e) {
    remove();
    throw e;
  }
}

/**
 * Generates the demo's files and loads them through the importers, the same door as a real file (`source:import`).
 * Runs on the `db` it is given.
 */
export async function loadDemoSources(
  db: DbOrTx,
  options: Partial<DemoOptions> & { cuits: number; onProgress?: (step: DemoStep, done: number, total?: number) => void },
): Promise<DemoLoad> {
  const generated = await generateDemo(options);
  try {
    const started = performance.now();
    const imports = await loadDemoFiles(db, generated.demo, { onProgress: options.onProgress });
    return { cuits: options.cuits, imports, generate_ms: generated.ms, load_ms: Math.round(performance.now() - started) };
  } finally {
    generated.remove();
  }
}
