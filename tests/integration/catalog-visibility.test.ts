import { beforeAll, describe, expect, it } from "vitest";
import { GET as detail } from "@/app/v1/datasets/[id]/route";
import { GET as list } from "@/app/v1/datasets/route";
import { getDb } from "@/db/client";
import { setSuspended } from "@/lib/accounts/update";
import { deudoresPorSituacion } from "@/lib/catalog/demo/bcra";
import { publishDataset } from "@/lib/catalog/publish";
import { datasetDetailSchema, datasetsListSchema } from "@/lib/schemas/catalog";
import { newAccount } from "../helpers/accounts";
import { defineDataset, loadCrediticio, registerView, testId, uniqueOldDay } from "../helpers/catalog";
import { bearer, call } from "../helpers/http";
import { OPERATOR } from "@/lib/audit/record";

const SUMMARY_KEYS = ["country", "dataset_id", "description", "detail_url", "frequency", "name", "source", "tags"];
const DETAIL_KEYS = [
  "access", "ai_metadata", "compliance_notes", "content_advisory", "country", "dataset_id", "description", "freshness_sla",
  "frequency", "granularity", "historical_depth", "name", "row_count", "snapshot_date", "source", "source_native_language",
  "tags", "update_pattern", "updated_at",
].sort();
const AI_KEYS = [
  "business_questions", "columns", "example_queries", "explorable_columns", "gotchas", "last_updated", "llm_intro",
  "methodology_notes", "related_datasets", "summary_columns",
];

const sorted = (o: object) => Object.keys(o).sort();

type Kind = "public" | "parquetOnly" | "noSnapshot" | "unpublished" | "adminOnly" | "pro" | "enterprise" | "derived";
const ids = {} as Record<Kind, string>;
type CallerName = "anonymous" | "free" | "pro" | "ultimate" | "admin";
const headers = {} as Record<CallerName, Record<string, string>>;

/** Which callers see each kind, in the list and in the detail (spec 4.7, 4.8). */
const SEES: Record<Kind, { list: CallerName[]; detail: CallerName[] }> = {
  public: { list: ["anonymous", "free", "pro", "ultimate", "admin"], detail: ["anonymous", "free", "pro", "ultimate", "admin"] },
  derived: { list: ["anonymous", "free", "pro", "ultimate", "admin"], detail: ["anonymous", "free", "pro", "ultimate", "admin"] },
  parquetOnly: { list: ["anonymous", "free", "pro", "ultimate", "admin"], detail: ["anonymous", "free", "pro", "ultimate", "admin"] },
  noSnapshot: { list: ["anonymous", "free", "pro", "ultimate", "admin"], detail: ["anonymous", "free", "pro", "ultimate", "admin"] },
  pro: { list: ["pro", "ultimate", "admin"], detail: ["pro", "ultimate", "admin"] },
  enterprise: { list: ["admin"], detail: ["admin"] },
  adminOnly: { list: ["admin"], detail: ["admin"] },
  unpublished: { list: [], detail: ["admin"] },
};
const CALLERS: CallerName[] = ["anonymous", "free", "pro", "ultimate", "admin"];

const day = uniqueOldDay();

beforeAll(async () => {
  ids.public = (await defineDataset({ id: testId("public") })).id;
  ids.parquetOnly = (await defineDataset({ id: testId("parquet"), formats: ["parquet"] })).id;
  ids.noSnapshot = (await defineDataset({ id: testId("nosnap"), engine_source: null })).id;
  ids.unpublished = (await defineDataset({ id: testId("unpublished"), published: false })).id;
  ids.adminOnly = (await defineDataset({ id: testId("admin"), visibility: "admin_only" })).id;
  ids.pro = (await defineDataset({ id: testId("pro"), min_tier: "pro" })).id;
  ids.enterprise = (await defineDataset({ id: testId("enterprise"), min_tier: "enterprise" })).id;
  ids.derived = testId("derived");
  registerView(ids.derived, deudoresPorSituacion.id);
  await defineDataset(
    {
      id: ids.derived,
      parent_id: ids.public,
      engine_source: null,
      ai_metadata: {
        ...deudoresPorSituacion.ai_metadata,
        related_datasets: [
          { id: ids.public, relation: "vista derivada", derived: true },
          { id: ids.adminOnly, relation: "interna" },
        ],
      },
    },
    deudoresPorSituacion,
  );
  await loadCrediticio(day, 12);
  await publishDataset(await getDb(), ids.public, { snapshotDate: day });
  headers.anonymous = {};
  headers.free = bearer((await newAccount({ plan: "free" })).key);
  headers.pro = bearer((await newAccount({ plan: "pro" })).key);
  headers.ultimate = bearer((await newAccount({ plan: "ultimate" })).key);
  headers.admin = bearer((await newAccount({ plan: "free", admin: true })).key);
});

describe("GET /v1/datasets", () => {
  it.each(CALLERS)("lists exactly what %s may see, with the contract's keys", async (who) => {
    const res = await call(list, "/v1/datasets", { headers: headers[who] });
    expect(res.status).toBe(200);
    expect(sorted(res.body)).toEqual(["count", "datasets"]);
    const body = datasetsListSchema.parse(res.body);
    expect(body.count).toBe(body.datasets.length);
    for (const item of body.datasets) expect(sorted(item)).toEqual(SUMMARY_KEYS);
    const listed = new Set(body.datasets.map((d) => d.dataset_id));
    for (const kind of Object.keys(SEES) as Kind[]) {
      expect([kind, listed.has(ids[kind])]).toEqual([kind, SEES[kind].list.includes(who)]);
    }
  });

  it("builds absolute detail URLs from the request's origin", async () => {
    const res = await call(list, "/v1/datasets", { headers: { host: "catalogo.example:8443" } });
    const item = res.body.datasets.find((d: { dataset_id: string }) => d.dataset_id === ids.public);
    expect(item.detail_url).toBe(`http://catalogo.example:8443/v1/datasets/${ids.public}`);
    expect(sorted(item.source)).toEqual(["id", "name"]);
  });

  it("treats a suspended account, an unknown key and a session like their plan or like anonymous", async () => {
    const suspended = await newAccount({ plan: "pro" });
    await setSuspended(await getDb(), suspended.accountId, true, OPERATOR);
    const asSuspended = await call(list, "/v1/datasets", { headers: bearer(suspended.key) });
    expect(asSuspended.body.datasets.map((d: { dataset_id: string }) => d.dataset_id)).not.toContain(ids.pro);
    const unknownKey = await call(list, "/v1/datasets", { headers: bearer(`lgj_${"x".repeat(43)}`) });
    expect(unknownKey.status).toBe(200);
    const session = await newAccount({ plan: "pro" });
    const asSession = await call(list, "/v1/datasets", { headers: { cookie: session.cookie } });
    expect(asSession.body.datasets.map((d: { dataset_id: string }) => d.dataset_id)).toContain(ids.pro);
  });
});

describe("GET /v1/datasets/{id}", () => {
  for (const who of CALLERS) {
    it(`gives ${who} the detail of what it may see and dataset_not_found otherwise`, async () => {
      for (const kind of Object.keys(SEES) as Kind[]) {
        const res = await call(detail, `/v1/datasets/${ids[kind]}`, { headers: headers[who], params: { id: ids[kind] } });
        if (SEES[kind].detail.includes(who)) {
          expect([kind, res.status]).toEqual([kind, 200]);
          expect(sorted(res.body)).toEqual(DETAIL_KEYS);
          expect(sorted(res.body.ai_metadata)).toEqual(AI_KEYS);
          datasetDetailSchema.parse(res.body);
          expect(res.body).toMatchObject({ dataset_id: ids[kind], access: "included_in_pro" });
          // The derived view inherits its parent's snapshot date; datasets never published have none.
          const snapshot = kind === "public" ? [day, 12] : kind === "derived" ? [day, 6] : [null, null];
          expect([kind, res.body.snapshot_date, res.body.row_count]).toEqual([kind, ...snapshot]);
        } else {
          expect([kind, res.status]).toEqual([kind, 404]);
          expect(res.body).toEqual({ error: "dataset_not_found", dataset_id: ids[kind] });
        }
      }
    });
  }

  it("answers a missing dataset exactly like a hidden one", async () => {
    const missing = await call(detail, "/v1/datasets/no-such-thing", { params: { id: "no-such-thing" } });
    const hidden = await call(detail, `/v1/datasets/${ids.adminOnly}`, { params: { id: ids.adminOnly } });
    expect(missing.status).toBe(404);
    expect(hidden.status).toBe(404);
    expect(sorted(missing.body)).toEqual(sorted(hidden.body));
    expect(missing.body).toEqual({ error: "dataset_not_found", dataset_id: "no-such-thing" });
  });

  it("answers an id no dataset can have (a NUL byte, capitals, too long) like a missing one", async () => {
    for (const id of ["a\u0000b", "AR-BCRA", "x".repeat(200)]) {
      const res = await call(detail, `/v1/datasets/${encodeURIComponent(id)}`, { params: { id } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: "dataset_not_found", dataset_id: id });
    }
  });

  it("does not reveal related datasets the caller may not see", async () => {
    const anon = await call(detail, `/v1/datasets/${ids.derived}`, { params: { id: ids.derived } });
    expect(anon.body.ai_metadata.related_datasets).toEqual([{ id: ids.public, relation: "vista derivada", derived: true }]);
    const admin = await call(detail, `/v1/datasets/${ids.derived}`, { headers: headers.admin, params: { id: ids.derived } });
    expect(admin.body.ai_metadata.related_datasets.map((r: { id: string }) => r.id)).toEqual([ids.public, ids.adminOnly]);
  });

  it("documents every published column with its type", async () => {
    const res = await call(detail, `/v1/datasets/${ids.public}`, { params: { id: ids.public } });
    const columns = res.body.ai_metadata.columns as { name: string; type: string; description: string; nullable: boolean }[];
    expect(columns.find((c) => c.name === "monto")).toMatchObject({ type: "DOUBLE", unit: "miles de pesos", nullable: false });
    expect(columns.find((c) => c.name === "situacion")).toMatchObject({ type: "SMALLINT" });
    expect(columns.map((c) => c.name)).not.toContain("snapshot_id");
  });
});
