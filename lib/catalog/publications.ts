import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { datasets, datasetSnapshots } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record";
import { publishDataset } from "@/lib/catalog/publish";
import { DomainError } from "@/lib/errors";
import { log } from "@/lib/log";

/** What the console shows of a publication while it runs and once it ends. */
export interface PublicationView {
  /** Null when the job is not in this process and its state was read back from the database. */
  id: string | null;
  datasetId: string;
  state: "running" | "done" | "failed";
  /** One entry per dataset the publication writes (the dataset, then its derived views), in order. */
  progress: { datasetId: string; rows: number; totalRows: number | null }[];
  published: { datasetId: string; snapshotDate: string; rows: number }[];
  error: string | null;
}

interface Job {
  id: string;
  datasetId: string;
  state: PublicationView["state"];
  progress: Map<string, { rows: number; totalRows: number | null }>;
  published: PublicationView["published"];
  error: string | null;
  finishedAt: number | null;
}

/** Finished jobs stay readable this long, for a console that polls late or reloads. */
const KEEP_MS = 60 * 60 * 1000;

const holder = globalThis as unknown as { __legajoPublications?: Map<string, Job> };
const jobs = (): Map<string, Job> => (holder.__legajoPublications ??= new Map<string, Job>());

function view(job: Job): PublicationView {
  return {
    id: job.id,
    datasetId: job.datasetId,
    state: job.state,
    progress: [...job.progress.entries()].map(([datasetId, p]) => ({ datasetId, ...p })),
    published: job.published,
    error: job.error,
  };
}

function prune(at: number): void {
  for (const [id, job] of jobs()) if (job.finishedAt !== null && at - job.finishedAt > KEEP_MS) jobs().delete(id);
}

/** Service errors are written for operators; anything else stays in the log, with its stack. */
function errorText(e: unknown): string {
  if (e instanceof DomainError) return e.message;
  log().error({ err: e }, "dataset publication failed");
  return "Error inesperado. El detalle quedó en el log del servidor.";
}

async function run(db: Db, job: Job, actor: Actor): Promise<void> {
  const details = { dataset_id: job.datasetId, job_id: job.id };
  try {
    const result = await publishDataset(db, job.datasetId, {
      onProgress: ({ datasetId, rows, totalRows }) => job.progress.set(datasetId, { rows, totalRows }),
    });
    job.published = result.map((p) => ({ datasetId: p.dataset_id, snapshotDate: p.snapshot_date, rows: p.rows_count }));
    await recordAudit(db, actor, "dataset.publish.done", null, { ...details, snapshots: job.published }).catch((err: unknown) =>
      log().error({ err }, "could not audit a finished publication"),
    );
    job.state = "done";
  } catch (e) {
    job.error = errorText(e);
    await recordAudit(db, actor, "dataset.publish.failed", null, { ...details, error: job.error }).catch((err: unknown) =>
      log().error({ err }, "could not audit a failed publication"),
    );
    job.state = "failed";
  } finally {
    job.finishedAt = Date.now();
  }
}

/**
 * Starts publishing a new snapshot of `datasetId` in this server process and returns at once; the console polls
 * `publicationStatus`. A dataset already being published from this process is not started twice: its running job
 * is returned. The service itself guarantees that a failure leaves the previous snapshot current.
 */
export async function startPublication(db: Db, datasetId: string, actor: Actor): Promise<PublicationView> {
  prune(Date.now());
  const running = [...jobs().values()].find((j) => j.datasetId === datasetId && j.state === "running");
  if (running) return view(running);
  const [dataset] = await db.select({ id: datasets.id }).from(datasets).where(eq(datasets.id, datasetId));
  if (!dataset) throw new DomainError("not_found", { text: `No existe el dataset «${datasetId}».` });
  // Checked again after the await: another request of this process may have started it meanwhile.
  const raced = [...jobs().values()].find((j) => j.datasetId === datasetId && j.state === "running");
  if (raced) return view(raced);
  const job: Job = { id: randomUUID(), datasetId, state: "running", progress: new Map(), published: [], error: null, finishedAt: null };
  jobs().set(job.id, job);
  try {
    await recordAudit(db, actor, "dataset.publish", null, { dataset_id: datasetId, job_id: job.id });
  } catch (e) {
    jobs().delete(job.id);
    throw e;
  }
  void run(db, job, actor);
  return view(job);
}

/**
 * The state of a publication. A job this process does not know (another instance ran it, or the server restarted)
 * is read back from the dataset's latest snapshot attempt, without row counts while it runs.
 */
export async function publicationStatus(db: Db, jobId: string, datasetId: string): Promise<PublicationView> {
  const job = jobs().get(jobId);
  if (job && job.datasetId === datasetId) return view(job);
  const [last] = await db
    .select({ status: datasetSnapshots.status, snapshotDate: datasetSnapshots.snapshotDate, rowCount: datasetSnapshots.rowCount })
    .from(datasetSnapshots)
    .where(eq(datasetSnapshots.datasetId, datasetId))
    .orderBy(desc(datasetSnapshots.id))
    .limit(1);
  const base = { id: null, datasetId, progress: [], published: [], error: null };
  if (last?.status === "publishing") return { ...base, state: "running" };
  if (last?.status === "ready") {
    return { ...base, state: "done", published: [{ datasetId, snapshotDate: last.snapshotDate, rows: last.rowCount ?? 0 }] };
  }
  return { ...base, state: "failed", error: "Este servidor no tiene el detalle de esa publicación. Revisá el registro de auditoría." };
}
