import path from "node:path";
import { once } from "node:events";
import type { Writable } from "node:stream";
import { finished } from "node:stream/promises";
import { eq, getTableName } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { sourceSnapshots, type SourceName } from "@/db/schema";
import { localDay, now } from "@/lib/clock";
import { checkDigit, isCuitType } from "@/lib/cuit/check-digit";
import { validateCuit } from "@/lib/cuit/validate";
import { DomainError } from "@/lib/errors";
import { announceSnapshot } from "@/lib/monitoring/announce-scan";
import { fileColumns, parseValue, ValueError, type FileColumn } from "./columns";
import { legajoCsv } from "./formats/legajo-csv";
import { ImportFileError, type BadLine, type Importer, type RowItem } from "./formats/types";
import { rawSql } from "@/db/raw";
import { SOURCES, type FileRow } from "./registry";

export interface ImportOptions {
  importer: Importer;
  files: string[];
  /** YYYY-MM-DD; default: today in Buenos Aires. */
  snapshotDate?: string;
  /** Bad lines skipped (and listed) before the import aborts; default 0: the first one aborts. */
  maxBadLines?: number;
  /** Called as the input is read: bytes (or records) done so far, and the total when known. */
  onProgress?: (done: number, total?: number) => void;
}

export interface ImportResult {
  snapshot_id: number;
  source: SourceName;
  feed: string;
  format: string;
  snapshot_date: string;
  rows: number;
  bad_lines: BadLine[];
  files: string[];
  ms: number;
}

/** A file that cannot be loaded; the message names the line and the column when there is one. */
const invalid = (text: string, extra?: Record<string, unknown>) => new DomainError("archivo_invalido", { text, extra });

const FLUSH_AT = 256 * 1024;

/** COPY text format: backslash, tab, newline and carriage return escaped; `\N` is null. */
const copyText = (v: string | null) =>
  v === null ? "\\N" : /[\\\t\n\r]/.test(v) ? v.replace(/[\\\t\n\r]/g, (c) => ({ "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" })[c]!) : v;

async function write(stream: Writable, chunk: string): Promise<void> {
  if (!stream.write(chunk)) await once(stream, "drain");
}

export function assertSnapshotDate(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) {
    throw invalid(`La fecha del snapshot debe ser AAAA-MM-DD; vino "${value}".`);
  }
  return value;
}

/** "línea 14: situacion debe estar entre 1 y 6; vino 9" — with the file when the import read several. */
function describe(bad: BadLine, withFile: boolean): string {
  const where = `${withFile ? `${bad.file}, ` : ""}línea ${bad.line}`;
  const column = bad.column && !bad.reason.startsWith(bad.column) ? `, columna ${bad.column}` : "";
  return `${where}${column}: ${bad.reason}`;
}

/** The table's columns a row carries, checked once (on the first row): an importer must give every required one. */
function rowColumns(source: SourceName, row: FileRow): FileColumn[] {
  const all = fileColumns(SOURCES[source].table);
  const known = new Set(all.map((c) => c.name));
  const unknown = Object.keys(row).filter((k) => !known.has(k));
  if (unknown.length) throw new Error(`importer of ${source} yields unknown columns: ${unknown.join(", ")}`);
  const columns = all.filter((c) => c.name in row);
  const missing = all.filter((c) => !c.optionalInHeader && !(c.name in row)).map((c) => c.name);
  if (missing.length) throw new Error(`importer of ${source} does not yield required columns: ${missing.join(", ")}`);
  return columns;
}

type RowCheck = (row: FileRow) => string | { column?: string; reason: string };

/**
 * Text a COPY line carries as is: printable ASCII, no backslash, nothing to trim (no space at either end). Checked
 * character by character: it runs for every text value of files of millions of rows.
 */
function copySafe(v: string): boolean {
  const n = v.length;
  if (n === 0 || v.charCodeAt(0) === 32 || v.charCodeAt(n - 1) === 32) return false;
  for (let i = 0; i < n; i++) {
    const c = v.charCodeAt(i);
    if (c < 32 || c > 126 || c === 92) return false;
  }
  return true;
}
/** Within range whatever the column: smallint up to 9,999, integer and bigint up to 999,999,999. */
const SMALLINT = /^(0|[1-9]\d{0,3})$/;
const INTEGER = /^(0|[1-9]\d{0,8})$/;
const NUMERIC = /^-?\d{1,15}(\.\d{1,6})?$/;
const CUIT_DIGITS = /^\d{11}$/;

/**
 * The value `parseValue` would give, for the shapes nearly every row has, without trimming, lower-casing or
 * number round trips; undefined sends the value to `parseValue` (which also words the error).
 */
function fastValue(kind: FileColumn["kind"], v: string): string | undefined {
  switch (kind) {
    case "text":
      return copySafe(v) ? v : undefined;
    case "boolean":
      return v === "true" ? "t" : v === "false" ? "f" : undefined;
    case "smallint":
      return SMALLINT.test(v) ? v : undefined;
    case "integer":
    case "bigint":
      return INTEGER.test(v) ? v : undefined;
    case "numeric":
      return NUMERIC.test(v) ? v : undefined;
    default:
      return undefined;
  }
}

/**
 * The check of one row for a source and its columns, built once per import: the row's COPY line (without the
 * snapshot id), or what is wrong with it. Runs for every row of files of millions, so it reuses one object for
 * the checked values and escapes only text that left the fast path (the fast path admits no character COPY
 * escapes, and the other kinds cannot hold one once checked).
 */
function rowCheck(source: SourceName, columns: FileColumn[]): RowCheck {
  const check = SOURCES[source].check;
  const n = columns.length;
  const clean: FileRow = {};
  const values: (string | null)[] = new Array<string | null>(n);
  const text = columns.map((c) => c.kind === "text");
  const escape = new Array<boolean>(n).fill(false);
  const cuitAt = columns.findIndex((c) => c.name === "cuit");
  return (row) => {
    try {
      for (let i = 0; i < n; i++) {
        const c = columns[i];
        const raw = row[c.name] ?? "";
        const fast = fastValue(c.kind, raw);
        const v = fast === undefined ? parseValue(c, raw) : fast;
        // Only text can hold what COPY escapes, and text off the fast path may.
        escape[i] = fast === undefined && text[i];
        values[i] = v;
        clean[c.name] = v;
      }
    } catch (e) {
      if (e instanceof ValueError) return { column: e.column, reason: e.message };
      throw e;
    }
    // A null CUIT got past its column's NOT NULL check: only screening's list entries may lack one.
    const raw = clean.cuit;
    if (raw != null) {
      let cuit = raw;
      const digit = CUIT_DIGITS.test(raw) && isCuitType(raw.slice(0, 2)) ? checkDigit(raw) : null;
      if (digit === null || digit !== raw.charCodeAt(10) - 48) {
        const checked = validateCuit(raw);
        if (!checked.ok) return { column: "cuit", reason: `cuit "${raw}" no es válido (${checked.reason})` };
        cuit = checked.cuit;
      }
      clean.cuit = cuit;
      values[cuitAt] = cuit;
    }
    const problem = check?.(clean);
    if (problem) return { reason: problem };
    for (let i = 0; i < n; i++) {
      const v = values[i];
      if (v === null) values[i] = "\\N";
      else if (escape[i]) values[i] = copyText(v);
    }
    return values.join("\t");
  };
}

/**
 * Streams an importer's rows into a new snapshot of its source and feed: one transaction (a savepoint when `db` is
 * already a transaction) with the snapshot row, a COPY of every row into the snapshot's own table, and that table
 * attached as the snapshot's partition of the source table (for screening, the one table), so the snapshot becomes
 * current only when the whole input is in, and a failed import leaves the previous one current and no table behind.
 * Every row goes through the column types, the CUIT check digit and the source's rules; a bad line aborts the
 * import unless `maxBadLines` allows it, and skipped lines are listed in the result. Memory stays flat whatever the
 * input size.
 */
export async function importSource(db: DbOrTx, options: ImportOptions): Promise<ImportResult> {
  const started = performance.now();
  const { importer, files } = options;
  const source = importer.source;
  const snapshotDate = assertSnapshotDate(options.snapshotDate ?? localDay(now()));
  const maxBad = options.maxBadLines ?? 0;
  const table = getTableName(SOURCES[source].table);
  const withFile = files.length > 1;
  const bad: BadLine[] = [];

  const loaded = await db.transaction(async (tx) => {
    const [snapshot] = await tx
      .insert(sourceSnapshots)
      .values({ source, feed: importer.feed, snapshotDate, fileName: files.map((f) => path.basename(f)).join(", ") })
      .returning({ id: sourceSnapshots.id });
    // The snapshot's rows go to a table of its own, created here: COPY writes them frozen (no later VACUUM), with no
    // index to maintain row by row; the indexes are built once, sorted, when the table becomes the partition. A
    // source that is not partitioned takes the rows in its one table.
    const partitioned = SOURCES[source].partitioned !== false;
    const target = partitioned ? partitionName(table, snapshot.id) : table;
    if (partitioned) {
      await rawSql(tx).unsafe(`create table "${target}" (like "${table}" including defaults, check (snapshot_id = ${snapshot.id}))`);
    }
    let check = null as RowCheck | null;
    let copy = null as Writable | null;
    let batch = "";
    let count = 0;
    const prefix = String(snapshot.id);
    const refuse = (line: BadLine) => {
      bad.push(line);
      if (bad.length > maxBad) {
        const allowed = maxBad ? ` (se admitían ${maxBad} líneas con errores)` : "";
        throw invalid(`${describe(line, withFile || line.file !== path.basename(files[0] ?? ""))}${allowed}.`, { bad_lines: bad });
      }
    };
    const start = async (row: FileRow) => {
      const columns = rowColumns(source, row);
      check = rowCheck(source, columns);
      // Identifiers come from the drizzle schema, not from the file.
      const list = ["snapshot_id", ...columns.map((c) => c.name)].map((n) => `"${n}"`).join(", ");
      copy = await rawSql(tx).unsafe(`copy "${target}" (${list}) from stdin${partitioned ? " with (freeze)" : ""}`).writable();
      copy.on("error", () => {});
    };
    /** One row or bad line into the COPY buffer (synchronous: a batch of thousands costs no async step each). */
    const take = (item: RowItem | { bad: BadLine }) => {
      if ("bad" in item) return refuse(item.bad);
      const line = check!(item.row);
      if (typeof line !== "string") return refuse({ file: item.file, line: item.line, ...line });
      batch += `${prefix}\t${line}\n`;
      count++;
    };
    try {
      for await (const item of importer.read({ files, db: tx, snapshotDate })) {
        if ("progress" in item) {
          options.onProgress?.(item.progress.done, item.progress.total);
          continue;
        }
        if ("batch" in item) {
          const items = item.batch;
          if (!check) {
            const first = items.find((i): i is RowItem => "row" in i);
            if (first) await start(first.row);
          }
          for (let i = 0; i < items.length; i++) take(items[i]);
        } else {
          if (!check && "row" in item) await start(item.row);
          take(item);
        }
        if (batch.length >= FLUSH_AT) {
          await write(copy!, batch);
          batch = "";
        }
      }
      const stream = copy;
      if (stream) {
        if (batch) await write(stream, batch);
        stream.end();
        await finished(stream);
      }
    } catch (e) {
      // CopyFail: the server discards the COPY and the transaction rolls back when this throws.
      copy?.destroy(e instanceof Error ? e : new Error(String(e)));
      if (e instanceof ImportFileError) throw new DomainError(e.code, { text: e.message });
      throw e;
    }
    if (partitioned) {
      // The CHECK above matches the partition bound, so attaching reads no row; it builds the partition's indexes.
      await rawSql(tx).unsafe(`set local maintenance_work_mem = '256MB'`);
      await rawSql(tx).unsafe(`alter table "${table}" attach partition "${target}" for values in (${snapshot.id})`);
    }
    // Planner statistics for the new rows, committed with them: the first lookups use the cuit index.
    await rawSql(tx).unsafe(`analyze "${target}"`);
    await tx.update(sourceSnapshots).set({ rowCount: count }).where(eq(sourceSnapshots.id, snapshot.id));
    // Change detection for watched CUITs, announced in this transaction: it exists exactly when the snapshot does.
    await announceSnapshot(tx, snapshot.id);
    return { id: snapshot.id, count };
  });
  return {
    snapshot_id: loaded.id,
    source,
    feed: importer.feed,
    format: importer.format,
    snapshot_date: snapshotDate,
    rows: loaded.count,
    bad_lines: bad,
    files,
    ms: Math.round(performance.now() - started),
  };
}

const partitionName = (table: string, snapshotId: number) => `${table}_${snapshotId}`;

/**
 * An empty partition for a snapshot whose rows a caller writes itself (SQL set-ups of tests and benchmarks), when
 * the source is partitioned: the importer makes its own.
 */
export async function createSourcePartition(db: DbOrTx, source: SourceName, snapshotId: number): Promise<void> {
  if (SOURCES[source].partitioned === false) return;
  const table = getTableName(SOURCES[source].table);
  await rawSql(db).unsafe(`create table if not exists "${partitionName(table, snapshotId)}" partition of "${table}" for values in (${Number(snapshotId)})`);
}

export interface LoadInput {
  source: SourceName;
  file: string;
  snapshotDate: string;
  /** Called as the file is read, with bytes read so far and the file size. */
  onProgress?: (bytes: number, total: number) => void;
}

export interface LoadResult {
  snapshot_id: number;
  source: SourceName;
  snapshot_date: string;
  rows: number;
  file: string;
  ms: number;
}

/** `source:load`: a file in our own CSV layout (the `legajo-csv` format), one bad row aborts. */
export async function loadSourceFile(db: DbOrTx, input: LoadInput): Promise<LoadResult> {
  if (!SOURCES[input.source]) throw invalid(`La fuente "${String(input.source)}" no existe.`);
  assertSnapshotDate(input.snapshotDate);
  const result = await importSource(db, {
    importer: legajoCsv(input.source),
    files: [input.file],
    snapshotDate: input.snapshotDate,
    onProgress: input.onProgress && ((done, total) => input.onProgress!(done, total ?? 0)),
  });
  return {
    snapshot_id: result.snapshot_id,
    source: result.source,
    snapshot_date: result.snapshot_date,
    rows: result.rows,
    file: input.file,
    ms: result.ms,
  };
}
