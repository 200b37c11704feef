import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as detail } from "@/app/v1/datasets/[id]/route";
import { GET as snapshot } from "@/app/v1/datasets/[id]/snapshot/route";
import { getDb } from "@/db/client";
import { DEMO_CATALOG } from "@/lib/catalog/demo";
import { exampleQueryOnFile } from "@/lib/catalog/example-queries";
import { publishDataset } from "@/lib/catalog/publish";
import type { DatasetColumn, DatasetDetail } from "@/lib/schemas/catalog";
import { newAccount } from "../helpers/accounts";
import { defineDataset, download, testId } from "../helpers/catalog";
import { bearer, call } from "../helpers/http";

/**
 * The published files read by a tool customers already use: DuckDB opens our Parquet and CSV, finds the declared
 * rows and column types, and runs every example query of the catalog on them, the way the dataset page tells.
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "legajo-duckdb-"));
let admin: Record<string, string>;
let duck: DuckDBInstance;
let db: DuckDBConnection;

interface Published {
  /** The dataset whose example queries are run (a demo id). */
  demoId: string;
  detail: DatasetDetail;
  files: Partial<Record<"parquet" | "csv", string>>;
}
const published: Published[] = [];

/** The file of the snapshot the detail describes: by its date, so that a publication running beside this test does not swap it. */
async function fetchFile(datasetId: string, format: "parquet" | "csv", fecha: string): Promise<string> {
  const link = await call(snapshot, `/v1/datasets/${datasetId}/snapshot?format=${format}&fecha=${fecha}`, { headers: admin, params: { id: datasetId } });
  expect(link.status).toBe(200);
  const file = await download(link.body.url as string);
  expect(file.status).toBe(200);
  const target = path.join(tmp, `${datasetId}.${format}`);
  fs.writeFileSync(target, file.bytes);
  return target;
}

const rows = async (sql: string) => (await db.runAndReadAll(sql)).getRowObjectsJS();
const quoted = (file: string) => `'${file.replaceAll("'", "''")}'`;

/** A CSV of a few rows made of each declared column's sample value, for a dataset the demo publishes only from files. */
function sampleCsv(columns: { name: string; sample_value?: unknown }[]): string {
  const cell = (v: unknown) => (v === null || v === undefined ? "" : `"${(typeof v === "string" ? v : JSON.stringify(v)).replaceAll('"', '""')}"`);
  const line = columns.map((c) => cell(c.sample_value)).join(",");
  return [columns.map((c) => c.name).join(","), line, line, line].join("\n");
}

beforeAll(async () => {
  admin = bearer((await newAccount({ plan: "free", admin: true })).key);
  duck = await DuckDBInstance.create(":memory:");
  db = await duck.connect();
  for (const demo of DEMO_CATALOG) {
    let id = demo.id;
    const current = await call(detail, `/v1/datasets/${id}`, { headers: admin, params: { id } });
    if (current.body.snapshot_date === null) {
      // The demo leaves its file-only datasets unpublished; a copy of each is published here from sample rows.
      id = testId("duck");
      await defineDataset({ id, published: true }, demo);
      const csv = path.join(tmp, `${id}-input.csv`);
      fs.writeFileSync(csv, sampleCsv(demo.columns));
      await publishDataset(await getDb(), id, { file: csv, snapshotDate: "2026-09-30" });
    }
    const res = await call(detail, `/v1/datasets/${id}`, { headers: admin, params: { id } });
    const files: Published["files"] = {};
    for (const format of demo.formats) files[format] = await fetchFile(id, format, (res.body as DatasetDetail).snapshot_date!);
    published.push({ demoId: demo.id, detail: res.body as DatasetDetail, files });
  }
}, 180_000);

afterAll(() => {
  db?.closeSync();
  duck?.closeSync();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("the published files, read by DuckDB", () => {
  it("covers every dataset of the demo catalog", () => {
    expect(published.map((p) => p.demoId).sort()).toEqual(DEMO_CATALOG.map((d) => d.id).sort());
  });

  it("opens each Parquet with the row count and, column by column, the declared name and type", async () => {
    for (const { detail: d, files } of published) {
      const declared = d.ai_metadata.columns as DatasetColumn[];
      const [{ n }] = await rows(`SELECT count(*)::INTEGER AS n FROM read_parquet(${quoted(files.parquet!)})`);
      expect([d.dataset_id, n]).toEqual([d.dataset_id, d.row_count]);
      const described = await rows(`DESCRIBE SELECT * FROM read_parquet(${quoted(files.parquet!)})`);
      expect([d.dataset_id, described.map((c) => [c.column_name, c.column_type])]).toEqual([d.dataset_id, declared.map((c) => [c.name, c.type])]);
    }
  });

  it("reads each CSV with read_csv: the declared header, the row count, and every value parsed as its declared type", async () => {
    for (const { detail: d, files } of published) {
      if (!files.csv) continue;
      const declared = d.ai_metadata.columns as DatasetColumn[];
      const auto = await rows(`DESCRIBE SELECT * FROM read_csv(${quoted(files.csv)})`);
      expect([d.dataset_id, auto.map((c) => c.column_name)]).toEqual([d.dataset_id, declared.map((c) => c.name)]);
      const types = declared.map((c) => `'${c.name}': '${c.type}'`).join(", ");
      const typed = `read_csv(${quoted(files.csv)}, header = true, columns = {${types}})`;
      const [{ n }] = await rows(`SELECT count(*)::INTEGER AS n FROM ${typed}`);
      expect([d.dataset_id, n]).toEqual([d.dataset_id, d.row_count]);
      // The same rows as the Parquet, value for value: the two formats are one snapshot.
      const [{ differ }] = await rows(
        `SELECT count(*)::INTEGER AS differ FROM (SELECT * FROM ${typed} EXCEPT ALL SELECT * FROM read_parquet(${quoted(files.parquet!)}))`,
      );
      expect([d.dataset_id, differ]).toEqual([d.dataset_id, 0]);
    }
  });

  it("runs every example query of the dataset pages on the Parquet, with the file's path in place of the table name", async () => {
    let ran = 0;
    for (const { demoId, detail: d, files } of published) {
      for (const q of d.ai_metadata.example_queries ?? []) {
        if (!q.sql) continue;
        const sql = exampleQueryOnFile(q.sql, demoId, files.parquet!);
        expect(sql, q.question).toContain(quoted(files.parquet!));
        const result = await rows(sql).catch((e: Error) => {
          throw new Error(`${demoId}: "${q.question}" failed in DuckDB: ${e.message}`);
        });
        expect(Array.isArray(result)).toBe(true);
        ran++;
      }
    }
    expect(ran).toBe(DEMO_CATALOG.flatMap((d) => d.ai_metadata.example_queries ?? []).filter((q) => q.sql).length);
  });
});
