import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as history } from "@/app/v1/datasets/[id]/snapshots/route";
import { getDb } from "@/db/client";
import { auditLog, datasetSnapshots } from "@/db/schema";
import { deudoresHistorico } from "@/lib/catalog/demo/bcra";
import { publishDataset } from "@/lib/catalog/publish";
import { pruneSnapshots } from "@/lib/catalog/retention";
import { env } from "@/lib/env";
import { setStorage, type StorageDriver } from "@/lib/storage";
import { createLocalStorage } from "@/lib/storage/local";
import { createS3Storage } from "@/lib/storage/s3";
import { objectSigningKey } from "@/lib/storage/signing";
import { runCli } from "../helpers/cli";
import { defineDataset, download, testId } from "../helpers/catalog";
import { call } from "../helpers/http";

// Set before anything reads the configuration: this worker keeps two snapshots per dataset.
process.env.CATALOG_RETENTION = "2";

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
const S3rver = createRequire(import.meta.url)("s3rver") as new (options: Record<string, unknown>) => S3rverInstance;
const BUCKET = "legajo-retention";
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "legajo-retention-"));
let server: S3rverInstance;
let endpoint: string;
const drivers = {} as Record<"local" | "s3", StorageDriver>;
/** What the operator CLI needs to reach the same store as this worker. */
const cliEnv = {} as Record<"local" | "s3", Record<string, string>>;

const DAYS = ["2025-01-31", "2025-02-28", "2025-03-31", "2025-04-30"];

function csvFile(name: string, rows: number): string {
  const lines = ["cuit,periodo,entidad_codigo,entidad_nombre,situacion,monto,dias_atraso"];
  for (let i = 0; i < rows; i++) lines.push(`3071234567${i % 10},202501,00011,BANCO ${i},1,${i}.5,`);
  const file = path.join(tmp, `${name}.csv`);
  fs.writeFileSync(file, lines.join("\n"));
  return file;
}

async function publish(id: string, day: string, rows: number) {
  const [published] = await publishDataset(await getDb(), id, { file: csvFile(`${id}-${day}`, rows), snapshotDate: day });
  return published;
}

const listed = async (id: string) =>
  (await call(history, `/v1/datasets/${id}/snapshots`, { params: { id } })).body.items.map((s: { snapshot_date: string }) => s.snapshot_date);

async function snapshotRow(id: string, day: string) {
  const db = await getDb();
  const [row] = await db.select().from(datasetSnapshots).where(and(eq(datasetSnapshots.datasetId, id), eq(datasetSnapshots.snapshotDate, day)));
  return row;
}

/** Whether an object is still in the store, asked through a signed link as a customer would. */
async function stored(storage: StorageDriver, key: string): Promise<boolean> {
  const url = await storage.signedUrl(key, { expiresInSeconds: 60, origin: "http://localhost:3000" });
  const res = await download(url);
  if (res.status !== 200 && res.status !== 404) throw new Error(`unexpected ${res.status} for ${key}`);
  return res.status === 200;
}

const keysOf = (p: Awaited<ReturnType<typeof publish>>) => [p.files.parquet!.object_key, p.files.csv!.object_key, p.manifest.object_key];

/** The same store, except that deleting fails, as when the store is unreachable or refuses. */
const failingDeletes = (storage: StorageDriver): StorageDriver => ({ ...storage, delete: () => Promise.reject(new Error("store refused the deletion")) });

beforeAll(async () => {
  expect(env().CATALOG_RETENTION).toBe(2);
  server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: path.join(tmp, "s3"), configureBuckets: [{ name: BUCKET }] });
  endpoint = `http://127.0.0.1:${(await server.run()).port}`;
  drivers.local = createLocalStorage(path.join(env().dataDir, "objects"), objectSigningKey);
  drivers.s3 = createS3Storage({ bucket: BUCKET, region: "us-east-1", endpoint, credentials: CREDENTIALS });
  cliEnv.local = { CATALOG_RETENTION: "1" };
  cliEnv.s3 = { CATALOG_RETENTION: "1", S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" };
});

afterAll(async () => {
  setStorage(null);
  await server.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe.each(["local", "s3"] as const)("retention on the %s store", (driver) => {
  const id = testId(`ret-${driver}`);
  const published: Awaited<ReturnType<typeof publish>>[] = [];

  beforeAll(async () => {
    setStorage(drivers[driver]);
    await defineDataset({ id, published: true }, deudoresHistorico);
  });

  it("deletes the files of a snapshot that falls out, once the new one is current, and records it", async () => {
    for (let i = 0; i < 3; i++) published.push(await publish(id, DAYS[i], 3 + i));
    expect(await listed(id)).toEqual([DAYS[2], DAYS[1]]);
    for (const key of keysOf(published[0])) expect([key, await stored(drivers[driver], key)]).toEqual([key, false]);
    for (const key of [...keysOf(published[1]), ...keysOf(published[2])]) expect([key, await stored(drivers[driver], key)]).toEqual([key, true]);
    const pruned = await snapshotRow(id, DAYS[0]);
    expect(pruned.prunedAt).not.toBeNull();
    expect((await snapshotRow(id, DAYS[2])).current).toBe(true);
    const db = await getDb();
    const audit = await db.select().from(auditLog).where(eq(auditLog.action, "dataset.snapshot_pruned"));
    const entry = audit.find((a) => a.details.dataset_id === id);
    expect(entry?.details).toMatchObject({ snapshot_id: published[0].snapshot_id, snapshot_date: DAYS[0], retention: 2 });
    expect([...(entry?.details.files as string[])].sort()).toEqual(keysOf(published[0]).sort());
  });

  it("keeps a snapshot whose deletion fails listed and downloadable, and the next run deletes it", async () => {
    setStorage(failingDeletes(drivers[driver]));
    try {
      published.push(await publish(id, DAYS[3], 7));
    } finally {
      setStorage(drivers[driver]);
    }
    // The publication went through; the snapshot that fell out stays kept.
    expect((await snapshotRow(id, DAYS[3])).current).toBe(true);
    expect(await listed(id)).toEqual([DAYS[3], DAYS[2], DAYS[1]]);
    expect((await snapshotRow(id, DAYS[1])).prunedAt).toBeNull();
    for (const key of keysOf(published[1])) expect(await stored(drivers[driver], key)).toBe(true);

    const retry = await pruneSnapshots(await getDb(), { datasetId: id });
    expect(retry.datasets).toEqual([{ dataset_id: id, kept: 2, pruned: [expect.objectContaining({ snapshot_date: DAYS[1] })], failed: [] }]);
    expect(await listed(id)).toEqual([DAYS[3], DAYS[2]]);
    for (const key of keysOf(published[1])) expect(await stored(drivers[driver], key)).toBe(false);
  });

  it("reports a failed deletion and leaves the snapshot kept", async () => {
    const report = await pruneSnapshots(await getDb(), { datasetId: id, keep: 1, storage: failingDeletes(drivers[driver]) });
    expect(report.datasets[0]).toMatchObject({ kept: 2, pruned: [], failed: [{ snapshot_date: DAYS[2], error: "store refused the deletion" }] });
    expect(await listed(id)).toEqual([DAYS[3], DAYS[2]]);
  });

  it("dataset:prune reports with --dry-run, then prunes on demand, never the current snapshot", async () => {
    const dry = await runCli(["dataset:prune", "--id", id, "--dry-run"], cliEnv[driver]);
    expect(dry.code).toBe(0);
    expect(dry.json).toMatchObject({ retention: 1, dry_run: true, datasets: [{ dataset_id: id, kept: 1, pruned: [{ snapshot_date: DAYS[2] }], failed: [] }] });
    expect(await listed(id)).toEqual([DAYS[3], DAYS[2]]);
    for (const key of keysOf(published[2])) expect(await stored(drivers[driver], key)).toBe(true);

    const run = await runCli(["dataset:prune", "--id", id], cliEnv[driver]);
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ retention: 1, dry_run: false, datasets: [{ dataset_id: id, kept: 1, pruned: [{ snapshot_date: DAYS[2] }] }] });
    expect(await listed(id)).toEqual([DAYS[3]]);
    for (const key of keysOf(published[2])) expect(await stored(drivers[driver], key)).toBe(false);
    for (const key of keysOf(published[3])) expect(await stored(drivers[driver], key)).toBe(true);
  });
});

describe("retention of a backfilled date", () => {
  it("never deletes the current snapshot, even when an older date was published last", async () => {
    const storage = drivers.local;
    setStorage(storage);
    const id = testId("ret-backfill");
    await defineDataset({ id, published: true }, deudoresHistorico);
    await publish(id, DAYS[2], 3);
    await publish(id, DAYS[3], 3);
    const backfill = await publish(id, DAYS[0], 3);
    expect((await snapshotRow(id, DAYS[0])).current).toBe(true);
    // Retention 2 keeps the two newest dates, and the current snapshot besides.
    expect(await listed(id)).toEqual([DAYS[3], DAYS[2], DAYS[0]]);
    const report = await pruneSnapshots(await getDb(), { datasetId: id, keep: 1 });
    expect(report.datasets[0].pruned.map((p) => p.snapshot_date)).toEqual([DAYS[2]]);
    expect(await listed(id)).toEqual([DAYS[3], DAYS[0]]);
    for (const key of keysOf(backfill)) expect(await stored(storage, key)).toBe(true);
  });
});

describe("dataset:prune", () => {
  it("refuses an unknown dataset", async () => {
    const res = await runCli(["dataset:prune", "--id", "no-such-dataset"]);
    expect(res.code).toBe(1);
    expect(res.json.error).toBe("not_found");
  });
});
