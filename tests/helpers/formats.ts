import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { path7za } from "7zip-bin";
import type { Tx } from "@/db/client";
import type { SourceName } from "@/db/schema";
import { runEngine, type EngineReport } from "@/lib/engine";
import { importerFor } from "@/lib/sources/formats";
import { importSource, type ImportResult } from "@/lib/sources/load";

export const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/formats");
export const fixture = (name: string) => path.join(FIXTURES, name);

/** The CUITs the fixtures are written for (valid, and outside every range the demo generator draws from). */
export const CUITS = { A: "30781000015", B: "27481000012", C: "20481001014", D: "30781001011" } as const;

/** Imports files in a format inside the test's transaction, dated after anything the demo loaded. */
export const importInto = (tx: Tx, format: string, files: string[], options: { date?: string; maxBadLines?: number; source?: SourceName } = {}): Promise<ImportResult> =>
  importSource(tx, { importer: importerFor(format, options.source), files, snapshotDate: options.date ?? "2999-06-01", maxBadLines: options.maxBadLines });

/** The value of a section's field by its label (undefined when the section has no such field). */
export function field(report: EngineReport, section: keyof EngineReport["sections"], label: string): string | null | undefined {
  return report.sections[section]?.fields.find((f) => f.label === label)?.value;
}

export const report = (tx: Tx, cuit: string) => runEngine(tx, cuit);

/** A 7z archive of `files` (as BCRA publishes its bulk files), made with the bundled 7za. */
export function sevenZip(out: string, files: string[]): string {
  try {
    fs.accessSync(path7za, fs.constants.X_OK);
  } catch {
    fs.chmodSync(path7za, 0o755);
  }
  const r = spawnSync(path7za, ["a", "-bd", "-y", out, ...files], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`7za failed: ${r.stderr || r.stdout}`);
  return out;
}
