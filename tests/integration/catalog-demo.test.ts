import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as detail } from "@/app/v1/datasets/[id]/route";
import { GET as list } from "@/app/v1/datasets/route";
import { GET as snapshot } from "@/app/v1/datasets/[id]/snapshot/route";
import { getDb } from "@/db/client";
import { datasets, datasetSnapshots } from "@/db/schema";
import { publishedColumns } from "@/lib/catalog/define";
import { DEMO_CATALOG, DEMO_KINDS, demoDatasets } from "@/lib/catalog/demo";
import { publishDataset } from "@/lib/catalog/publish";
import type { ColumnType, DatasetDetail } from "@/lib/schemas/catalog";
import { datasetDetailSchema } from "@/lib/schemas/catalog";
import { SOURCES } from "@/lib/sources/registry";
import { newAccount } from "../helpers/accounts";
import { loadCrediticio, uniqueOldDay } from "../helpers/catalog";
import { bearer, call } from "../helpers/http";

const PG_TYPES: Record<ColumnType, string> = {
  VARCHAR: "text",
  SMALLINT: "int2",
  INTEGER: "int4",
  BIGINT: "int8",
  DOUBLE: "float8",
  BOOLEAN: "bool",
  DATE: "date",
  TIMESTAMP: "timestamptz",
  JSON: "jsonb",
};

const headers: Record<string, Record<string, string>> = {};
const detailOf = async (id: string, who = "anonymous") => call(detail, `/v1/datasets/${id}`, { headers: headers[who], params: { id } });

beforeAll(async () => {
  headers.anonymous = {};
  headers.free = bearer((await newAccount({ plan: "free" })).key);
  headers.pro = bearer((await newAccount({ plan: "pro" })).key);
  headers.ultimate = bearer((await newAccount({ plan: "ultimate" })).key);
  headers.admin = bearer((await newAccount({ plan: "free", admin: true })).key);
  const db = await getDb();
  const current = await db
    .select({ id: datasetSnapshots.id })
    .from(datasetSnapshots)
    .where(and(eq(datasetSnapshots.datasetId, DEMO_KINDS.published), eq(datasetSnapshots.current, true)));
  // The boot publishes the demo from the demo source data; without it, these tests publish a small load themselves.
  if (current.length === 0) {
    const day = uniqueOldDay();
    await loadCrediticio(day, 40);
    await publishDataset(db, DEMO_KINDS.published, { snapshotDate: day });
  }
});

describe("the demo catalog", () => {
  it("has one dataset of each kind, as demo:datasets names them", async () => {
    const kinds = await demoDatasets(await getDb());
    expect(Object.keys(kinds).sort()).toEqual(["admin_only", "derived", "no_snapshot", "parquet_only", "plan_restricted", "published", "unpublished"]);

    const published = await detailOf(kinds.published);
    expect(published.status).toBe(200);
    expect(published.body.snapshot_date).not.toBeNull();
    const link = await call(snapshot, `/v1/datasets/${kinds.published}/snapshot?format=csv`, { headers: headers.ultimate, params: { id: kinds.published } });
    expect(link.status).toBe(200);

    const csv = await call(snapshot, `/v1/datasets/${kinds.parquet_only}/snapshot?format=csv`, { headers: headers.ultimate, params: { id: kinds.parquet_only } });
    expect(csv.body.error).toBe("format_not_available");

    expect((await detailOf(kinds.unpublished)).status).toBe(404);
    expect((await detailOf(kinds.unpublished, "admin")).status).toBe(200);
    expect((await detailOf(kinds.admin_only)).status).toBe(404);
    expect((await detailOf(kinds.admin_only, "ultimate")).status).toBe(404);
    expect((await detailOf(kinds.admin_only, "admin")).status).toBe(200);

    expect(kinds.plan_restricted.min_tier).toBe("pro");
    expect((await detailOf(kinds.plan_restricted.id)).status).toBe(404);
    expect((await detailOf(kinds.plan_restricted.id, "free")).status).toBe(404);
    expect((await detailOf(kinds.plan_restricted.id, "pro")).status).toBe(200);

    const empty = await detailOf(kinds.no_snapshot);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ snapshot_date: null, row_count: null });
    const none = await call(snapshot, `/v1/datasets/${kinds.no_snapshot}/snapshot`, { headers: headers.ultimate, params: { id: kinds.no_snapshot } });
    expect(none.status).toBe(404);

    const derived = await detailOf(kinds.derived);
    expect(derived.status).toBe(200);
    expect(derived.body.snapshot_date).toBe(published.body.snapshot_date);
    expect(derived.body.ai_metadata.related_datasets).toContainEqual(expect.objectContaining({ id: kinds.published, derived: true }));
  });

  it("holds the dataset each engine source cites in reports", () => {
    for (const source of Object.values(SOURCES)) {
      const def = DEMO_CATALOG.find((d) => d.engine_source === source.name);
      expect([source.name, def?.id]).toEqual([source.name, source.datasetId]);
    }
  });

  it("lists the eight engine sources and the public views for anyone", async () => {
    const res = await call(list, "/v1/datasets");
    const listed = res.body.datasets.map((d: { dataset_id: string }) => d.dataset_id);
    for (const def of DEMO_CATALOG) {
      const visible = def.published && def.visibility === "public" && def.min_tier === "free";
      expect([def.id, listed.includes(def.id)]).toEqual([def.id, visible]);
    }
    expect(DEMO_CATALOG.filter((d) => d.engine_source)).toHaveLength(8);
  });

  it("documents every dataset for real readers", async () => {
    const ids = new Set(DEMO_CATALOG.map((d) => d.id));
    for (const def of DEMO_CATALOG) {
      const res = await detailOf(def.id, "admin");
      const d: DatasetDetail = datasetDetailSchema.parse(res.body);
      const ai = d.ai_metadata;
      expect(d.compliance_notes?.license.length, def.id).toBeGreaterThan(10);
      expect(d.freshness_sla, def.id).not.toBeNull();
      expect(ai.llm_intro?.length, def.id).toBeGreaterThan(40);
      expect(ai.business_questions?.length, def.id).toBeGreaterThan(0);
      expect(ai.example_queries?.every((q) => q.sql), def.id).toBe(true);
      expect(ai.gotchas?.length, def.id).toBeGreaterThan(0);
      expect(ai.methodology_notes, def.id).toBeTruthy();
      for (const r of ai.related_datasets ?? []) expect(ids.has(r.id), `${def.id} -> ${r.id}`).toBe(true);
      const names = ai.columns!.map((c) => c.name);
      for (const c of ai.columns!) expect(c.description.length, `${def.id}.${c.name}`).toBeGreaterThan(3);
      for (const c of [...(ai.summary_columns ?? []), ...(ai.explorable_columns ?? [])]) expect(names, `${def.id}: ${c}`).toContain(c);
    }
    const deudores = (await detailOf(DEMO_KINDS.published)).body.ai_metadata;
    expect(deudores.gotchas.map((g: { title: string }) => g.title)).toContain("monto está en miles de pesos");
    expect(deudores.columns.find((c: { name: string }) => c.name === "monto").unit).toBe("miles de pesos");
  });

  it("gives example SQL that runs against the published columns", async () => {
    const db = await getDb();
    const rows = await db.select().from(datasets);
    const demo = rows.filter((r) => DEMO_CATALOG.some((d) => d.id === r.id));
    let ran = 0;
    await db
      .transaction(async (tx) => {
        // Each snapshot, as the table name the examples load it under, with the published column types.
        for (const dataset of demo) {
          const select = publishedColumns(dataset).map((c) => `null::${PG_TYPES[c.type]} as "${c.name}"`);
          await tx.execute(sql.raw(`create temp view ${dataset.id.replaceAll("-", "_")} as select ${select.join(", ")} where false`));
        }
        for (const dataset of demo) {
          for (const q of dataset.aiMetadata.example_queries ?? []) {
            await tx.execute(sql.raw(q.sql!)).catch((e: Error) => {
              throw new Error(`${dataset.id}: "${q.question}" fails: ${e.message}`);
            });
            ran++;
          }
        }
        tx.rollback();
      })
      .catch((e: Error) => {
        if (!/rollback/i.test(e.message)) throw e;
      });
    expect(ran).toBeGreaterThanOrEqual(DEMO_CATALOG.length);
  });
});
