import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { DbOrTx } from "@/db/client";
import type { SourceName } from "@/db/schema";
import { localDay, now } from "@/lib/clock";
import { loadSourceFile, type LoadResult } from "../load";
import { SOURCE_NAMES } from "../registry";
import { generateDemoFiles, type DemoOptions } from "./generate";

export interface DemoLoad {
  cuits: number;
  loads: Record<SourceName, LoadResult>;
  generate_ms: number;
  load_ms: number;
}

/**
 * Generates the demo source files and loads them through the same ingestion path as a real file
 * (`source:load`). Runs on the `db` it is given (the boot connection during the seed).
 */
export async function loadDemoSources(
  db: DbOrTx,
  options: Partial<DemoOptions> & { cuits: number; onProgress?: (source: SourceName, bytes: number, total: number) => void },
): Promise<DemoLoad> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "legajo-demo-"));
  try {
    const t0 = performance.now();
    const demo = generateDemoFiles(dir, { today: localDay(now()), ...options });
    const t1 = performance.now();
    const loads = {} as Record<SourceName, LoadResult>;
    for (const source of SOURCE_NAMES) {
      const { file, snapshotDate } = demo.files[source];
      loads[source] = await loadSourceFile(db, {
        source,
        file,
        snapshotDate,
        onProgress: options.onProgress && ((bytes, total) => options.onProgress!(source, bytes, total)),
      });
    }
    return { cuits: options.cuits, loads, generate_ms: Math.round(t1 - t0), load_ms: Math.round(performance.now() - t1) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
