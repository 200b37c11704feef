import type { DbOrTx } from "@/db/client";
import type { DenominacionOrigen, ReportStatus, SourceName } from "@/db/schema";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import type { Section, SectionField, Sections } from "@/lib/schemas/sections";
import { reportSnapshots, type CurrentSnapshot } from "@/lib/sources/snapshots";
import { SOURCES } from "@/lib/sources/registry";
import { engineFaults } from "./faults";
import { readTogether } from "./lookup";
import { runSources, type SourceRun } from "./run-source";
import { ENGINE_SOURCES } from "./sources";
import { reportStatus, resolveName, sectionStatus } from "./status";
import { SECTION_KEYS, type FieldMaker, type SectionBody, type SectionKey, type SourceLookup } from "./types";

export { SECTION_KEYS, type SectionKey, type SourceLookup } from "./types";
export type { Section } from "@/lib/schemas/sections";

export interface EngineReport {
  cuit: string;
  status: ReportStatus;
  sections: Sections;
  denominacion: string | null;
  denominacion_origen: DenominacionOrigen | null;
  /** ISO 8601, from lib/clock `now()`. */
  generated_at: string;
}

export interface EngineOptions {
  /** Per-source time budget; default `ENGINE_SOURCE_TIMEOUT_MS`. */
  timeoutMs?: number;
  /** Replaces sources' lookups (tests: a source that throws, hangs, or returns chosen rows). */
  sources?: Partial<Record<SectionKey, SourceLookup>>;
  /** The current snapshots, when the caller already read them (`reportSnapshots`) in the same round trip as its own reads. */
  snapshots?: Map<SourceName, CurrentSnapshot>;
}

/** The table sources, all read by one statement. */
const readTables = readTogether(
  SECTION_KEYS.flatMap((key) => {
    const table = ENGINE_SOURCES[key].table;
    return table ? [[key, table] as const] : [];
  }),
);

/**
 * Builds the report of one valid CUIT from the current snapshot of each of the eight sources, queried concurrently
 * (on a transaction they pipeline on its one connection). A source that fails or exceeds its budget makes its
 * section `no_disponible`; it never fails the report. Read-only: safe inside the caller's transaction.
 */
export async function runEngine(db: DbOrTx, cuit: string, options: EngineOptions = {}): Promise<EngineReport> {
  const faults = engineFaults();
  const snapshots = options.snapshots ?? (await reportSnapshots(db));

  let tables: Promise<Map<SectionKey, unknown[]>> | undefined;
  const lookupOf = (key: SectionKey): SourceLookup => {
    const own = options.sources?.[key] ?? ENGINE_SOURCES[key].lookup;
    if (own) return own;
    return () => (tables ??= readTables(db, cuit, (k) => snapshots.get(k)?.ids)).then((rows) => rows.get(key) ?? []);
  };
  const outcomes = await runSources(
    SECTION_KEYS.flatMap((key): SourceRun[] => {
      const snapshot = snapshots.get(key);
      if (!snapshot) return [];
      const lookup = lookupOf(key);
      return [{ source: ENGINE_SOURCES[key], fault: faults[key], start: (signal) => lookup(db, snapshot.ids, cuit, signal) }];
    }),
    options.timeoutMs ?? env().ENGINE_SOURCE_TIMEOUT_MS,
  );
  const cuitKnown = [...outcomes.values()].some((o) => o.kind === "rows" && o.rows.length > 0);

  const sections: Record<string, Section & Record<string, unknown>> = {};
  const names: Partial<Record<SectionKey, string | null>> = {};
  for (const key of SECTION_KEYS) {
    let outcome = outcomes.get(key);
    const snapshot = snapshots.get(key);
    // A source never loaded has no snapshot to cite: its section is left out.
    if (!outcome || !snapshot) continue;
    const source = ENGINE_SOURCES[key];
    const datasetId = SOURCES[key].datasetId;
    const field: FieldMaker = (label, value): SectionField => ({
      label,
      value: value === null || value === undefined ? null : String(value),
      fuente_dataset_id: datasetId,
      snapshot_date: snapshot.snapshotDate,
    });
    let answered = outcome.kind === "rows" && (outcome.rows.length > 0 || (cuitKnown && source.listSource));
    let body: SectionBody = { fields: [] };
    if (answered && outcome.kind === "rows") {
      try {
        body = source.build([...outcome.rows], field);
      } catch (err) {
        // Rows this code cannot read are the source failing, not the report.
        log().warn({ source: key, err }, "engine section build failed");
        outcome = { kind: "error" };
        answered = false;
      }
    }
    const { status, error_reason } = sectionStatus(outcome, source.listSource, cuitKnown, body.missing);
    const section: Section & Record<string, unknown> = {
      title: SOURCES[key].title,
      fields: body.fields,
      source: datasetId,
      snapshot_date: snapshot.snapshotDate,
      status,
      ...(error_reason ? { error_reason } : {}),
    };
    if (source.blockKey) section[source.blockKey] = answered ? (body.block ?? null) : null;
    sections[key] = section;
    if (outcome.kind === "rows" && outcome.rows.length > 0) names[key] = source.name?.([...outcome.rows]) ?? null;
  }

  return {
    cuit,
    status: reportStatus(sections),
    sections,
    ...resolveName(names),
    generated_at: now().toISOString(),
  };
}
