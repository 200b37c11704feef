import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { parquetMetadata, parquetReadObjects } from "hyparquet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import postgres from "postgres";
import { createDb, getDb, type Db } from "@/db/client";
import { datasets, datasetSnapshots, snapshotFiles, sourceSnapshots, srcCrediticio, srcIdentidad, srcScreening } from "@/db/schema";
import { csvExpression, tableColumns } from "@/lib/catalog/columns";
import { copyCsv, copyRows, sourceSnapshotQuery } from "@/lib/catalog/row-stream";
import { padron } from "@/lib/catalog/demo/arca";
import { deudoresHistorico } from "@/lib/catalog/demo/bcra";
import { sanciones } from "@/lib/catalog/demo/sanciones";
import { upsertDataset } from "@/lib/catalog/define";
import { publishDataset } from "@/lib/catalog/publish";
import { env } from "@/lib/env";
import { DomainError } from "@/lib/errors";
import { getStorage, setStorage, type StorageDriver } from "@/lib/storage";
import { createLocalStorage } from "@/lib/storage/local";
import { createS3Storage } from "@/lib/storage/s3";
import { objectSigningKey } from "@/lib/storage/signing";
import { createSourcePartition } from "@/lib/sources/load";
import { runCli } from "../helpers/cli";
import { freshDatabase } from "./engine-fixtures";
import { cuitFrom, defineDataset, loadCrediticio, registerView, testId, uniqueOldDay } from "../helpers/catalog";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "legajo-publish-"));
const objectsDir = () => path.join(env().dataDir, "objects");

// The files are read back from disk, so these tests publish to the local store whatever the suite's store is.
beforeAll(() => setStorage(createLocalStorage(objectsDir(), objectSigningKey)));
afterAll(() => {
  setStorage(null);
  fs.rmSync(tmp, { recursive: true, force: true });
});
const objectPath = (key: string) => path.join(objectsDir(), ...key.split("/"));

async function current(datasetId: string) {
  const db = await getDb();
  const [row] = await db.select().from(datasetSnapshots).where(and(eq(datasetSnapshots.datasetId, datasetId), eq(datasetSnapshots.current, true)));
  return row;
}

async function dataset(datasetId: string) {
  const db = await getDb();
  const [row] = await db.select().from(datasets).where(eq(datasets.id, datasetId));
  return row;
}

/** A file-only dataset shaped like the 24-month history. */
async function fileDataset() {
  return defineDataset({ id: testId("file"), published: true }, deudoresHistorico);
}

const csvLines = (rows: number) =>
  ["cuit,periodo,entidad_codigo,entidad_nombre,situacion,monto,dias_atraso"].concat(
    Array.from({ length: rows }, (_, i) => `3071234567${i % 10},2025${String((i % 12) + 1).padStart(2, "0")},00011,"BANCO ""NACION"", SUC. ${i}",${(i % 6) + 1},${i}.5,${i % 3 ? i : ""}`),
  );
const goodCsv = (rows: number) => csvLines(rows).join("\r\n");

function writeFile(name: string, text: string): string {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, text);
  return file;
}

describe("publication from a source table", () => {
  it("writes Parquet and CSV with the declared columns, records size and SHA-256, and makes the snapshot current", async () => {
    const id = testId("table");
    const viewId = testId("view");
    await defineDataset({ id, engine_source: "crediticio" });
    await defineDataset({ id: viewId, parent_id: id, engine_source: null });
    registerView(viewId, "ar-bcra-deudores-por-situacion");
    const day = uniqueOldDay();
    await loadCrediticio(day, 120);

    const published = await publishDataset(await getDb(), id, { snapshotDate: day });

    expect(published.map((p) => p.dataset_id)).toEqual([id, viewId]);
    const [main, view] = published;
    expect(main).toMatchObject({ snapshot_date: day, rows_count: 120 });
    expect(view.snapshot_date).toBe(day);
    const meta = await dataset(id);
    const columns = meta.aiMetadata.columns!;
    expect(columns.map((c) => c.name)).toEqual([
      "cuit", "denominacion", "periodo", "entidad_codigo", "entidad_nombre", "situacion", "monto", "dias_atraso",
      "refinanciaciones", "recategorizacion_obligatoria", "situacion_juridica", "irrecuperable_disposicion_tecnica", "proceso_judicial",
      "en_revision", "fecha_sit1",
    ]);
    expect(meta.aiMetadata.last_updated).not.toBeNull();

    const parquetBytes = fs.readFileSync(objectPath(main.files.parquet!.object_key));
    expect(parquetBytes.byteLength).toBe(main.files.parquet!.size_bytes);
    const buffer = parquetBytes.buffer.slice(parquetBytes.byteOffset, parquetBytes.byteOffset + parquetBytes.byteLength);
    const metadata = parquetMetadata(buffer);
    expect(Number(metadata.num_rows)).toBe(120);
    expect(metadata.schema.slice(1).map((s) => s.name)).toEqual(columns.map((c) => c.name));
    expect(metadata.row_groups[0].columns[0].meta_data?.codec).toBe("SNAPPY");
    const rows = await parquetReadObjects({ file: buffer });
    expect(rows).toHaveLength(120);
    expect(rows[0]).toMatchObject({ situacion: expect.any(Number), monto: expect.any(Number), refinanciaciones: expect.any(Boolean) });
    expect(rows.map((r) => r.cuit)).toEqual([...rows.map((r) => r.cuit as string)].sort());

    const csv = fs.readFileSync(objectPath(main.files.csv!.object_key), "utf8");
    const lines = csv.trimEnd().split("\n");
    expect(lines[0]).toBe(columns.map((c) => c.name).join(","));
    expect(lines).toHaveLength(121);
    expect(csv).toContain('"EMPRESA ""1"", S.A."');

    const db = await getDb();
    const recorded = await db.select().from(snapshotFiles).where(eq(snapshotFiles.snapshotId, main.snapshot_id));
    expect(recorded.map((f) => f.format).sort()).toEqual(["csv", "parquet"]);
    expect((await current(id))?.id).toBe(main.snapshot_id);
    expect((await current(viewId))?.snapshotDate).toBe(day);
  });

  it("replaces the current snapshot with the next one and keeps one current per dataset", async () => {
    const id = testId("republish");
    await defineDataset({ id, engine_source: "crediticio" });
    const first = uniqueOldDay();
    const second = uniqueOldDay();
    await loadCrediticio(first, 5);
    await loadCrediticio(second, 8);
    const db = await getDb();
    const [a] = await publishDataset(db, id, { snapshotDate: first });
    const [b] = await publishDataset(db, id, { snapshotDate: second });
    const all = await db.select().from(datasetSnapshots).where(eq(datasetSnapshots.datasetId, id));
    expect(all.filter((s) => s.current).map((s) => s.id)).toEqual([b.snapshot_id]);
    expect(all.find((s) => s.id === a.snapshot_id)?.status).toBe("ready");
    expect((await current(id))?.rowCount).toBe(8);
  });

  it("publishes a derived view alone from its parent's snapshot date", async () => {
    const id = testId("parent");
    const viewId = testId("child");
    await defineDataset({ id, engine_source: "crediticio" });
    await defineDataset({ id: viewId, parent_id: id, engine_source: null });
    registerView(viewId, "ar-bcra-deudores-por-situacion");
    const day = uniqueOldDay();
    await loadCrediticio(day, 30);
    await publishDataset(await getDb(), id, { snapshotDate: day });
    const [again] = await publishDataset(await getDb(), viewId);
    expect(again.snapshot_date).toBe(day);
    expect(again.rows_count).toBe(6);
    await expect(publishDataset(await getDb(), viewId, { snapshotDate: uniqueOldDay() })).rejects.toMatchObject({ code: "publicacion_invalida" });
  });

  /** `base` moved by `days`, as AAAA-MM-DD. */
  const shift = (base: string, days: number) => new Date(Date.parse(`${base}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

  async function snapshot(db: Db, source: "screening" | "identidad", feed: string, day: string): Promise<number> {
    const [snap] = await db.insert(sourceSnapshots).values({ source, feed, snapshotDate: day, fileName: "test" }).returning();
    await createSourcePartition(db, source, snap.id);
    return snap.id;
  }

  /**
   * On a database of its own: feeds that the demo does not have would otherwise become current in the suite's
   * database for every other test running beside this one (the engine, the demo catalog).
   */
  async function onFreshDatabase(fn: (db: Db) => Promise<void>): Promise<void> {
    const fresh = await freshDatabase();
    const sql = postgres(fresh.url, { max: 4, onnotice: () => {} });
    try {
      await fn(createDb(sql));
    } finally {
      await sql.end({ timeout: 5 });
      await fresh.drop();
    }
  }

  it("publishes the rows of every current feed of a multi-feed source, dated the newest of them", () => onFreshDatabase(async (db) => {
    const id = testId("screening");
    await upsertDataset(db, { ...sanciones, id, engine_source: "screening" });
    const day = uniqueOldDay();
    // Each list has its own date; OFAC's older snapshot is replaced by its newer one; one feed is newer than `day`.
    const feeds = [
      ["un", shift(day, -3), 2],
      ["repet", shift(day, -1), 1],
      ["ofac", shift(day, -5), 4],
      ["ofac", shift(day, -2), 3],
      ["legajo-csv", day, 2],
      ["un", shift(day, 1), 5],
    ] as const;
    for (const [feed, date, rows] of feeds) {
      const snapshotId = await snapshot(db, "screening", feed, date);
      await db.insert(srcScreening).values(
        Array.from({ length: rows }, (_, i) => ({
          snapshotId,
          lista: feed,
          entryUid: `${feed}-${date}-${i}`,
          nombre: `PERSONA ${i}`,
          tipoEntrada: "persona",
          cuit: i === 0 ? cuitFrom(7_000 + i, "20") : null,
        })),
      );
    }
    const [published] = await publishDataset(db, id, { snapshotDate: day });
    expect(published).toMatchObject({ snapshot_date: day, rows_count: 2 + 1 + 3 + 2 });
    const csv = fs.readFileSync(objectPath(published.files.csv!.object_key), "utf8").trimEnd().split("\n");
    const header = csv[0].split(",");
    const uids = csv.slice(1).map((line) => line.split(",")[header.indexOf("entry_uid")]).sort();
    expect(uids).toEqual(
      [
        ...[0, 1].map((i) => `un-${shift(day, -3)}-${i}`),
        `repet-${shift(day, -1)}-0`,
        ...[0, 1, 2].map((i) => `ofac-${shift(day, -2)}-${i}`),
        ...[0, 1].map((i) => `legajo-csv-${day}-${i}`),
      ].sort(),
    );
    // A day on which no feed has a snapshot is not a snapshot of the source.
    await expect(publishDataset(db, id, { snapshotDate: shift(day, -4) })).rejects.toMatchObject({ code: "sin_datos_de_fuente" });
  }));

  it("publishes both padrones of identidad, dated the newer", () => onFreshDatabase(async (db) => {
    const id = testId("identidad");
    await upsertDataset(db, { ...padron, id, engine_source: "identidad" });
    const day = uniqueOldDay();
    for (const [feed, date, from] of [["arca-padron", shift(day, -7), 100], ["bcra-padron", day, 200]] as const) {
      const snapshotId = await snapshot(db, "identidad", feed, date);
      await db.insert(srcIdentidad).values(
        Array.from({ length: 3 }, (_, i) => ({ snapshotId, cuit: cuitFrom(from + i), denominacion: `${feed} ${i}`, tipoPersona: "JURIDICA", estadoClave: "ACTIVO" })),
      );
    }
    const [published] = await publishDataset(db, id, { snapshotDate: day });
    expect(published).toMatchObject({ snapshot_date: day, rows_count: 6 });
    const bytes = fs.readFileSync(objectPath(published.files.parquet!.object_key));
    const rows = await parquetReadObjects({ file: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) });
    expect(rows.map((r) => r.denominacion as string).sort()).toEqual([0, 1, 2].flatMap((i) => [`arca-padron ${i}`, `bcra-padron ${i}`]).sort());
  }));

  it("refuses a source with no snapshot of the requested date", async () => {
    const id = testId("nodata");
    await defineDataset({ id, engine_source: "crediticio" });
    await expect(publishDataset(await getDb(), id, { snapshotDate: "0050-01-01" })).rejects.toMatchObject({ code: "sin_datos_de_fuente" });
  });

  it("refuses a file for a dataset whose derived views are computed from its source table", async () => {
    await expect(publishDataset(await getDb(), "ar-bcra-central-deudores", { file: writeFile("x.csv", goodCsv(1)) })).rejects.toMatchObject({
      code: "publicacion_invalida",
    });
  });
});

describe("publication from a file", () => {
  it("publishes CSV with quoted fields, CRLF and empty values, dated by --snapshot-date", async () => {
    const def = await fileDataset();
    const [p] = await publishDataset(await getDb(), def.id, { file: writeFile(`${def.id}.csv`, goodCsv(25)), snapshotDate: "2026-05-31" });
    expect(p).toMatchObject({ snapshot_date: "2026-05-31", rows_count: 25 });
    const bytes = fs.readFileSync(objectPath(p.files.parquet!.object_key));
    const rows = await parquetReadObjects({ file: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) });
    expect(rows[1]).toMatchObject({ entidad_nombre: 'BANCO "NACION", SUC. 1', situacion: 2, monto: 1.5, dias_atraso: 1 });
    expect(rows[0].dias_atraso).toBeNull();
  });

  it("publishes NDJSON", async () => {
    const def = await fileDataset();
    const lines = [
      { cuit: "30712345671", periodo: "202501", entidad_codigo: "00011", entidad_nombre: "BANCO", situacion: 1, monto: 10, dias_atraso: null },
      { cuit: "30712345671", periodo: "202502", entidad_codigo: "00011", entidad_nombre: "BANCO", situacion: 2, monto: "12.25" },
    ];
    const [p] = await publishDataset(await getDb(), def.id, { file: writeFile(`${def.id}.ndjson`, lines.map((l) => JSON.stringify(l)).join("\n")) });
    expect(p.rows_count).toBe(2);
  });

  it("a broken file leaves the previous snapshot current and nothing of the attempt behind", async () => {
    const def = await fileDataset();
    const db = await getDb();
    const [good] = await publishDataset(db, def.id, { file: writeFile(`${def.id}-good.csv`, goodCsv(10)) });
    const lines = csvLines(10);
    lines[4] = lines[4].replace(",4,3.5,", ",cuatro,3.5,");
    const broken = lines.join("\r\n");
    expect(broken).toContain("cuatro");

    const err = await publishDataset(db, def.id, { file: writeFile(`${def.id}-bad.csv`, broken) }).catch((e: unknown) => e);

    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ code: "archivo_invalido" });
    expect((err as DomainError).message).toMatch(/line 5, column situacion/);
    expect((await current(def.id))?.id).toBe(good.snapshot_id);
    const attempts = await db.select().from(datasetSnapshots).where(eq(datasetSnapshots.datasetId, def.id));
    expect(attempts.map((a) => a.status).sort()).toEqual(["failed", "ready"]);
    const failedId = attempts.find((a) => a.status === "failed")!.id;
    expect(fs.existsSync(path.join(objectsDir(), "datasets", def.id, String(failedId)))).toBe(false);
    expect(fs.existsSync(objectPath(good.files.parquet!.object_key))).toBe(true);
  });

  it.each([
    ["an unknown column", "cuit,periodo,entidad_codigo,entidad_nombre,situacion,monto,dias_atraso,extra\n1,2,3,4,1,1,1,x", /unknown column "extra"/],
    ["a missing column", "cuit,periodo\n1,2", /missing columns entidad_codigo/],
    ["a short row", `${goodCsv(1)}\r\n30712345671,202501`, /line 3: 2 fields/],
    ["an unclosed quote", `${goodCsv(1)}\r\n"30712345671,202501`, /never closed/],
    ["a required value left empty", `${goodCsv(1)}\r\n,202501,00011,B,1,1,1`, /column cuit is required/],
    ["an empty file", "", /empty/],
  ])("rejects %s with the line at fault", async (_name, text, message) => {
    const def = await fileDataset();
    const err = await publishDataset(await getDb(), def.id, { file: writeFile(`${def.id}.csv`, text) }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "archivo_invalido" });
    expect((err as Error).message).toMatch(message);
    expect(await current(def.id)).toBeUndefined();
  });

  it("an upload failure leaves the previous snapshot current and removes what was uploaded", async () => {
    const def = await fileDataset();
    const db = await getDb();
    const [good] = await publishDataset(db, def.id, { file: writeFile(`${def.id}-1.csv`, goodCsv(3)) });
    // The store takes the Parquet file, then fails on the CSV the way an outage does: a real S3 client against a
    // port where nothing listens.
    const local = getStorage();
    const unreachable = createS3Storage({
      bucket: "legajo",
      region: "us-east-1",
      endpoint: "http://127.0.0.1:9",
      credentials: { accessKeyId: "x", secretAccessKey: "y" },
      maxAttempts: 1,
    });
    const flaky: StorageDriver = {
      ...local,
      putFile: (key, file, meta) => (key.endsWith(".csv") ? unreachable : local).putFile(key, file, meta),
    };
    const err = await publishDataset(db, def.id, { file: writeFile(`${def.id}-2.csv`, goodCsv(4)), storage: flaky }).catch((e: unknown) => e);

    expect(err).toMatchObject({ code: "almacenamiento_no_disponible" });
    expect((await current(def.id))?.id).toBe(good.snapshot_id);
    const failed = (await db.select().from(datasetSnapshots).where(eq(datasetSnapshots.datasetId, def.id))).find((s) => s.status === "failed")!;
    expect(fs.existsSync(path.join(objectsDir(), "datasets", def.id, String(failed.id)))).toBe(false);
    expect(await db.select().from(snapshotFiles).where(eq(snapshotFiles.snapshotId, failed.id))).toHaveLength(0);
    expect(fs.existsSync(objectPath(good.files.csv!.object_key))).toBe(true);
  });
});

describe("database streams", () => {
  /** A one-connection pool, like the boot seed's: a connection left busy would hang the next query. */
  function singleConnection() {
    const client = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    return { client, db: createDb(client) };
  }
  const withTimeout = <T>(p: Promise<T>) =>
    Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error("the connection hangs")), 5000))]);

  it("leaves the connection usable after a large COPY, read to the end or abandoned", async () => {
    const day = uniqueOldDay();
    const snapshotId = await loadCrediticio(day, 3000);
    const columns = tableColumns(srcCrediticio);
    const { client, db } = singleConnection();
    try {
      let rows = 0;
      for await (const batch of copyRows(db, sourceSnapshotQuery(srcCrediticio, columns, [snapshotId]), columns)) rows += batch.length;
      expect(rows).toBe(3000);
      expect(await withTimeout(client`select 1 as ok`)).toEqual([{ ok: 1 }]);
      for await (const chunk of copyCsv(db, sourceSnapshotQuery(srcCrediticio, columns, [snapshotId], csvExpression))) {
        expect(chunk.byteLength).toBeGreaterThan(0);
        break;
      }
      expect(await withTimeout(client`select 2 as ok`)).toEqual([{ ok: 2 }]);
    } finally {
      await client.end({ timeout: 1 });
    }
  });
});

describe("operator CLI", () => {
  it("dataset:publish prints the snapshot as one JSON object", async () => {
    const def = await fileDataset();
    const res = await runCli(["dataset:publish", "--id", def.id, "--file", writeFile(`${def.id}.csv`, goodCsv(7)), "--snapshot-date", "2026-01-31"]);
    expect(res.code).toBe(0);
    expect(res.json).toMatchObject({ dataset_id: def.id, snapshot_date: "2026-01-31", rows_count: 7, derived: [] });
    expect(Object.keys(res.json.files).sort()).toEqual(["csv", "parquet"]);
    expect(res.json.files.parquet.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("dataset:publish fails with a clear message on bad input", async () => {
    const unknown = await runCli(["dataset:publish", "--id", "no-such-dataset"]);
    expect(unknown.code).not.toBe(0);
    expect(unknown.json).toMatchObject({ error: "not_found" });
    const badDate = await runCli(["dataset:publish", "--id", "ar-bcra-central-deudores", "--snapshot-date", "2026-02-30"]);
    expect(badDate.json).toMatchObject({ error: "argumento_invalido" });
  });

  it("demo:datasets names one dataset of each kind", async () => {
    const res = await runCli(["demo:datasets"]);
    expect(res.code).toBe(0);
    expect(Object.keys(res.json).sort()).toEqual(["admin_only", "derived", "no_snapshot", "parquet_only", "plan_restricted", "published", "unpublished"]);
    expect(Object.keys(res.json.plan_restricted).sort()).toEqual(["id", "min_tier"]);
  });
});
