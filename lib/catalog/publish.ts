import { randomBytes, randomUUID } from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import { and, count, desc, eq, inArray, lte } from "drizzle-orm";
import type { Db } from "@/db/client";
import {
  datasets,
  datasetSnapshots,
  snapshotFiles,
  SOURCE_TABLES,
  sourceSnapshots,
  type Dataset,
  type SnapshotFormat,
  type SourceName,
} from "@/db/schema";
import { localDay, now } from "@/lib/clock";
import { env } from "@/lib/env";
import { DomainError } from "@/lib/errors";
import { log } from "@/lib/log";
import { getStorage, type StorageDriver } from "@/lib/storage";
import { contentTypeOf } from "@/lib/storage/driver";
import { csvExpression, type PublishedColumn } from "./columns";
import { describeColumns, publishedColumns } from "./define";
import { FileInputError, fileRows } from "./file-input";
import { buildManifest, MANIFEST_NAME, writeManifest } from "./manifest";
import { pruneSnapshots } from "./retention";
import { copyCsv, copyRows, sourceSnapshotQuery, viewQuery, type Batch } from "./row-stream";
import { DERIVED_VIEWS } from "./views";
import { writeSnapshotFiles, type WrittenSnapshot } from "./write-snapshot";

export interface PublishProgress {
  datasetId: string;
  rows: number;
  /** Null when the source cannot tell in advance (files, views). */
  totalRows: number | null;
}

export interface PublishOptions {
  /** Publish this CSV or NDJSON file instead of the source table. */
  file?: string;
  /** From a file: the data's date (default today). From a source table: which of its snapshots (default the newest). */
  snapshotDate?: string;
  storage?: StorageDriver;
  onProgress?: (progress: PublishProgress) => void;
}

export interface PublishedSnapshot {
  dataset_id: string;
  snapshot_id: number;
  snapshot_date: string;
  rows_count: number;
  files: Partial<Record<SnapshotFormat, { object_key: string; size_bytes: number; sha256: string }>>;
  manifest: { object_key: string; size_bytes: number; sha256: string };
}

interface Job {
  dataset: Dataset;
  columns: PublishedColumn[];
  date: string;
  totalRows: number | null;
  rows: () => AsyncIterable<Batch>;
  /** The CSV as Postgres writes it, for database sources; otherwise it is written from `rows`. */
  csv?: () => AsyncIterable<Uint8Array>;
  snapshotId?: number;
  /**
   * The snapshot's folder in the store: its id and a random tag, so that a key is never written twice, even by two
   * databases that share one store (their snapshot ids both count from 1).
   */
  folder?: string;
  written?: WrittenSnapshot;
  keys: Partial<Record<SnapshotFormat, string>>;
  manifest?: { key: string; sizeBytes: number; sha256: string };
}

const invalid = (text: string) => new DomainError("publicacion_invalida", { text });

function assertDay(value: string): string {
  const d = new Date(`${value}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) {
    throw new DomainError("argumento_invalido", { text: `--snapshot-date must be a date as YYYY-MM-DD, got "${value}".` });
  }
  return value;
}

async function loadDataset(db: Db, id: string): Promise<Dataset> {
  const [row] = await db.select().from(datasets).where(eq(datasets.id, id));
  if (!row) throw new DomainError("not_found", { text: `There is no dataset "${id}".` });
  return row;
}

/** The snapshots a publication reads: the current one of each feed of a source, as the engine combines them. */
interface SourceSnapshots {
  ids: number[];
  /** The newest of their dates. */
  snapshotDate: string;
}

/**
 * The engine's rule: for each feed of the source, its newest snapshot (greatest date, then id); with `date`, the
 * feeds as they stood that day (each one's newest snapshot dated on or before it), provided one of them is dated
 * that day. The publication carries the newest of their dates.
 */
async function sourceSnapshot(db: Db, source: SourceName, date?: string): Promise<SourceSnapshots> {
  const rows = await db
    .selectDistinctOn([sourceSnapshots.feed], { id: sourceSnapshots.id, snapshotDate: sourceSnapshots.snapshotDate })
    .from(sourceSnapshots)
    .where(and(eq(sourceSnapshots.source, source), date ? lte(sourceSnapshots.snapshotDate, date) : undefined))
    .orderBy(sourceSnapshots.feed, desc(sourceSnapshots.snapshotDate), desc(sourceSnapshots.id));
  rows.sort((a, b) => (a.snapshotDate === b.snapshotDate ? b.id - a.id : a.snapshotDate < b.snapshotDate ? 1 : -1));
  if (!rows.length || (date && rows[0].snapshotDate !== date)) {
    throw new DomainError("sin_datos_de_fuente", {
      text: date ? `No ${source} snapshot dated ${date} is loaded.` : `No ${source} snapshot is loaded yet; load one with source:load.`,
    });
  }
  return { ids: rows.map((r) => r.id), snapshotDate: rows[0].snapshotDate };
}

function tableJob(db: Db, dataset: Dataset, source: SourceName, snapshot: SourceSnapshots, total: number): Job {
  const columns = publishedColumns(dataset);
  const table = SOURCE_TABLES[source];
  return {
    dataset,
    columns,
    date: snapshot.snapshotDate,
    totalRows: total,
    rows: () => copyRows(db, sourceSnapshotQuery(table, columns, snapshot.ids), columns),
    csv: () => copyCsv(db, sourceSnapshotQuery(table, columns, snapshot.ids, csvExpression)),
    keys: {},
  };
}

function viewJob(db: Db, dataset: Dataset, snapshot: SourceSnapshots): Job {
  const { columns, query } = DERIVED_VIEWS[dataset.id];
  return {
    dataset,
    columns,
    date: snapshot.snapshotDate,
    totalRows: null,
    rows: () => copyRows(db, viewQuery(query(snapshot.ids), columns), columns),
    csv: () => copyCsv(db, viewQuery(query(snapshot.ids), columns, csvExpression)),
    keys: {},
  };
}

/**
 * What one publication writes. A source-table dataset publishes the rows of every current feed of its source (what
 * the engine reads), dated the newest of them, and takes its derived views along, from the same source snapshots,
 * so that parent and views switch together and a view always carries its parent's date.
 */
async function planJobs(db: Db, dataset: Dataset, options: PublishOptions): Promise<Job[]> {
  const children = (await db.select().from(datasets).where(eq(datasets.parentId, dataset.id))).filter((d) => DERIVED_VIEWS[d.id]);
  const isView = dataset.parentId !== null && DERIVED_VIEWS[dataset.id] !== undefined;
  if (options.file) {
    if (isView) throw invalid(`${dataset.id} is a view of ${dataset.parentId}; publish ${dataset.parentId} instead.`);
    if (children.length) {
      throw invalid(`${dataset.id} has derived views computed from its source table; load the file with source:load and publish without --file.`);
    }
    const columns = publishedColumns(dataset);
    const file = options.file;
    const date = options.snapshotDate ? assertDay(options.snapshotDate) : localDay(now());
    return [{ dataset, columns, date, totalRows: null, rows: () => fileRows(file, columns), keys: {} }];
  }
  if (dataset.engineSource) {
    const source = dataset.engineSource;
    const snapshot = await sourceSnapshot(db, source, options.snapshotDate ? assertDay(options.snapshotDate) : undefined);
    const table = SOURCE_TABLES[source];
    const [{ n }] = await db.select({ n: count() }).from(table).where(inArray(table.snapshotId, snapshot.ids));
    return [tableJob(db, dataset, source, snapshot, n), ...children.map((child) => viewJob(db, child, snapshot))];
  }
  if (isView) {
    const parent = await loadDataset(db, dataset.parentId!);
    const [parentCurrent] = await db
      .select({ snapshotDate: datasetSnapshots.snapshotDate })
      .from(datasetSnapshots)
      .where(and(eq(datasetSnapshots.datasetId, parent.id), eq(datasetSnapshots.current, true)));
    if (!parentCurrent || !parent.engineSource) throw invalid(`${dataset.id} is a view of ${parent.id}, which has no current snapshot from its source table; publish ${parent.id}.`);
    if (options.snapshotDate && options.snapshotDate !== parentCurrent.snapshotDate) {
      throw invalid(`${dataset.id} takes the date of ${parent.id}'s current snapshot (${parentCurrent.snapshotDate}).`);
    }
    return [viewJob(db, dataset, await sourceSnapshot(db, parent.engineSource, parentCurrent.snapshotDate))];
  }
  throw invalid(`${dataset.id} has no source table; publish it from a file with --file.`);
}

const objectKey = (job: Job, format: SnapshotFormat) => `${job.folder}/${job.dataset.id}-${job.date}.${format}`;
const manifestKey = (job: Job) => `${job.folder}/${MANIFEST_NAME}`;

function translate(err: unknown, file?: string): unknown {
  if (err instanceof FileInputError) return new DomainError("archivo_invalido", { text: `${path.basename(file ?? "")}: ${err.message}` });
  return err;
}

/** Makes the written snapshots current, all together: files recorded, previous snapshots retired, metadata refreshed. */
async function commit(db: Db, jobs: Job[]): Promise<void> {
  const at = now();
  await db.transaction(async (tx) => {
    const locked = await tx
      .select({ id: datasets.id, aiMetadata: datasets.aiMetadata })
      .from(datasets)
      .where(inArray(datasets.id, jobs.map((j) => j.dataset.id)))
      .for("update");
    const metadata = new Map(locked.map((d) => [d.id, d.aiMetadata]));
    for (const job of jobs) {
      const written = job.written!;
      const snapshotId = job.snapshotId!;
      const files = (Object.keys(written.files) as SnapshotFormat[]).map((format) => ({
        snapshotId,
        format,
        objectKey: job.keys[format]!,
        sizeBytes: written.files[format]!.sizeBytes,
        sha256: written.files[format]!.sha256,
      }));
      if (files.length) await tx.insert(snapshotFiles).values(files);
      await tx
        .update(datasetSnapshots)
        .set({ current: false })
        .where(and(eq(datasetSnapshots.datasetId, job.dataset.id), eq(datasetSnapshots.current, true)));
      await tx
        .update(datasetSnapshots)
        .set({
          current: true,
          status: "ready",
          rowCount: written.rowCount,
          publishedAt: at,
          manifestKey: job.manifest!.key,
          manifestSizeBytes: job.manifest!.sizeBytes,
          manifestSha256: job.manifest!.sha256,
        })
        .where(eq(datasetSnapshots.id, snapshotId));
      const ai = metadata.get(job.dataset.id) ?? {};
      await tx
        .update(datasets)
        .set({
          aiMetadata: { ...ai, columns: describeColumns(job.columns, ai.columns ?? [], written.samples), last_updated: at.toISOString() },
          updatedAt: at,
        })
        .where(eq(datasets.id, job.dataset.id));
    }
  });
}

/**
 * Publishes a new snapshot of a dataset (and of its derived views): rows streamed from the source table's snapshot
 * or from a file, written to Parquet and CSV, uploaded, and only then, in one transaction, made current. Any
 * failure leaves the previous snapshot current, marks the attempt failed and removes what it uploaded.
 * It takes the pool, not a transaction: the rows come through a cursor and the switch commits on its own.
 */
export async function publishDataset(db: Db, datasetId: string, options: PublishOptions = {}): Promise<PublishedSnapshot[]> {
  const started = performance.now();
  const storage = options.storage ?? getStorage();
  const jobs = await planJobs(db, await loadDataset(db, datasetId), options);
  for (const job of jobs) {
    const [row] = await db
      .insert(datasetSnapshots)
      .values({ datasetId: job.dataset.id, snapshotDate: job.date, status: "publishing" })
      .returning({ id: datasetSnapshots.id });
    job.snapshotId = row.id;
    job.folder = `datasets/${job.dataset.id}/${row.id}-${randomBytes(4).toString("hex")}`;
  }
  const dir = path.join(env().dataDir, "tmp", `publish-${randomUUID()}`);
  const uploaded: string[] = [];
  try {
    for (const job of jobs) {
      const jobDir = path.join(dir, String(job.snapshotId));
      await fsp.mkdir(jobDir, { recursive: true });
      const report = (rows: number) => options.onProgress?.({ datasetId: job.dataset.id, rows, totalRows: job.totalRows });
      report(0);
      job.written = await writeSnapshotFiles({
        batches: job.rows(),
        csvBytes: job.csv,
        columns: job.columns,
        dir: jobDir,
        baseName: `${job.dataset.id}-${job.date}`,
        formats: job.dataset.formats,
        onRows: report,
      });
      const upload = async (key: string, file: { path: string; sizeBytes: number }) => {
        try {
          await storage.putFile(key, file.path, { contentType: contentTypeOf(key), fileName: path.basename(key), sizeBytes: file.sizeBytes });
        } catch (err) {
          log().error({ err, key }, "snapshot upload failed");
          throw new DomainError("almacenamiento_no_disponible", { text: `Could not upload ${key}: ${(err as Error).message}` });
        }
        uploaded.push(key);
      };
      for (const format of Object.keys(job.written.files) as SnapshotFormat[]) {
        const key = objectKey(job, format);
        await upload(key, job.written.files[format]!);
        job.keys[format] = key;
      }
      // The manifest goes last, so that it only ever describes files already in the store.
      const manifest = buildManifest({
        datasetId: job.dataset.id,
        snapshotDate: job.date,
        rowCount: job.written.rowCount,
        columns: job.columns,
        files: Object.fromEntries(
          Object.entries(job.written.files).map(([format, f]) => [format, { name: path.basename(objectKey(job, format as SnapshotFormat)), sizeBytes: f.sizeBytes, sha256: f.sha256 }]),
        ),
      });
      const manifestFile = await writeManifest(path.join(jobDir, "manifest"), manifest);
      await upload(manifestKey(job), manifestFile);
      job.manifest = { key: manifestKey(job), sizeBytes: manifestFile.sizeBytes, sha256: manifestFile.sha256 };
    }
    await commit(db, jobs);
  } catch (err) {
    await db
      .update(datasetSnapshots)
      .set({ status: "failed" })
      .where(and(inArray(datasetSnapshots.id, jobs.map((j) => j.snapshotId!)), eq(datasetSnapshots.status, "publishing")))
      .catch((e: unknown) => log().error({ err: e }, "could not mark the failed publication"));
    await Promise.all(uploaded.map((key) => storage.delete(key).catch(() => undefined)));
    throw translate(err, options.file);
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
  const published = jobs.map((job) => ({
    dataset_id: job.dataset.id,
    snapshot_id: job.snapshotId!,
    snapshot_date: job.date,
    rows_count: job.written!.rowCount,
    files: Object.fromEntries(
      Object.entries(job.written!.files).map(([format, f]) => [format, { object_key: job.keys[format as SnapshotFormat]!, size_bytes: f.sizeBytes, sha256: f.sha256 }]),
    ),
    manifest: { object_key: job.manifest!.key, size_bytes: job.manifest!.sizeBytes, sha256: job.manifest!.sha256 },
  }));
  log().info({ datasets: published.map((p) => p.dataset_id), ms: Math.round(performance.now() - started) }, "snapshot published");
  // Only now that the new snapshots are current may older ones fall out; a failed deletion is retried next time.
  for (const job of jobs) {
    await pruneSnapshots(db, { datasetId: job.dataset.id, storage }).catch((err: unknown) => log().error({ err, datasetId: job.dataset.id }, "snapshot retention failed"));
  }
  return published;
}
