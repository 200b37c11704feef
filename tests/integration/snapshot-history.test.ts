import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as snapshot } from "@/app/v1/datasets/[id]/snapshot/route";
import { GET as history } from "@/app/v1/datasets/[id]/snapshots/route";
import { getDb } from "@/db/client";
import { deudoresPorSituacion } from "@/lib/catalog/demo/bcra";
import { publishDataset, type PublishedSnapshot } from "@/lib/catalog/publish";
import { manifestLinkResponseSchema, snapshotHistorySchema, snapshotManifestSchema, snapshotResponseSchema } from "@/lib/schemas/catalog";
import { env } from "@/lib/env";
import { setStorage } from "@/lib/storage";
import { createLocalStorage } from "@/lib/storage/local";
import { objectSigningKey } from "@/lib/storage/signing";
import { newAccount } from "../helpers/accounts";
import { defineDataset, download, loadCrediticio, registerView, sha256, testId, uniqueOldDay } from "../helpers/catalog";
import { bearer, call } from "../helpers/http";

type Kind = "public" | "parquetOnly" | "noSnapshot" | "unpublished" | "adminOnly" | "pro" | "enterprise" | "derived";
type CallerName = "anonymous" | "free" | "pro" | "ultimate" | "admin";
const ids = {} as Record<Kind, string>;
const headers = {} as Record<CallerName, Record<string, string>>;
const CALLERS: CallerName[] = ["anonymous", "free", "pro", "ultimate", "admin"];

/** Who sees each kind's history: exactly who sees its detail (spec 4.8). */
const SEES: Record<Kind, CallerName[]> = {
  public: CALLERS,
  derived: CALLERS,
  parquetOnly: CALLERS,
  noSnapshot: CALLERS,
  pro: ["pro", "ultimate", "admin"],
  enterprise: ["admin"],
  adminOnly: ["admin"],
  unpublished: ["admin"],
};

/** Three source snapshots, oldest first, of different sizes so that their files differ. */
const days = [uniqueOldDay(), uniqueOldDay(), uniqueOldDay()].sort();
const SIZES = [5, 9, 14];
const publications: PublishedSnapshot[][] = [];

const list = (id: string, query = "", who: CallerName = "anonymous") => call(history, `/v1/datasets/${id}/snapshots${query}`, { headers: headers[who], params: { id } });
const link = (id: string, query: string, who: CallerName = "ultimate") => call(snapshot, `/v1/datasets/${id}/snapshot${query}`, { headers: headers[who], params: { id } });

beforeAll(async () => {
  // The downloads below go through the local driver's signed links, whatever store the suite is configured with.
  setStorage(createLocalStorage(path.join(env().dataDir, "objects"), objectSigningKey));
  ids.public = (await defineDataset({ id: testId("hist") })).id;
  ids.parquetOnly = (await defineDataset({ id: testId("hist-pq"), formats: ["parquet"] })).id;
  ids.noSnapshot = (await defineDataset({ id: testId("hist-none"), engine_source: null })).id;
  ids.unpublished = (await defineDataset({ id: testId("hist-unpub"), published: false })).id;
  ids.adminOnly = (await defineDataset({ id: testId("hist-adm"), visibility: "admin_only" })).id;
  ids.pro = (await defineDataset({ id: testId("hist-pro"), min_tier: "pro" })).id;
  ids.enterprise = (await defineDataset({ id: testId("hist-ent"), min_tier: "enterprise" })).id;
  ids.derived = testId("hist-view");
  registerView(ids.derived, deudoresPorSituacion.id);
  await defineDataset({ id: ids.derived, parent_id: ids.public, engine_source: null }, deudoresPorSituacion);
  for (let i = 0; i < days.length; i++) await loadCrediticio(days[i], SIZES[i]);
  const db = await getDb();
  for (const day of days) publications.push(await publishDataset(db, ids.public, { snapshotDate: day }));
  for (const kind of ["parquetOnly", "unpublished", "adminOnly", "pro", "enterprise"] as const) {
    for (const day of days) await publishDataset(db, ids[kind], { snapshotDate: day });
  }
  headers.anonymous = {};
  headers.free = bearer((await newAccount({ plan: "free" })).key);
  headers.pro = bearer((await newAccount({ plan: "pro" })).key);
  headers.ultimate = bearer((await newAccount({ plan: "ultimate" })).key);
  headers.admin = bearer((await newAccount({ plan: "free", admin: true })).key);
});

afterAll(() => setStorage(null));

describe("GET /v1/datasets/{id}/snapshots", () => {
  it("lists the snapshots newest first, each with its files' sizes and SHA-256, and marks the current one", async () => {
    const res = await list(ids.public);
    expect(res.status).toBe(200);
    const body = snapshotHistorySchema.parse(res.body);
    expect(body.has_more).toBe(false);
    expect(body.items.map((s) => [s.snapshot_date, s.rows_count, s.actual])).toEqual([
      [days[2], SIZES[2], true],
      [days[1], SIZES[1], false],
      [days[0], SIZES[0], false],
    ]);
    for (const [i, item] of body.items.entries()) {
      const published = publications[days.length - 1 - i][0];
      expect(Object.keys(item).sort()).toEqual(["actual", "archivos", "publicado_en", "rows_count", "snapshot_date"]);
      expect(item.archivos).toEqual([
        { formato: "parquet", bytes: published.files.parquet!.size_bytes, sha256: published.files.parquet!.sha256 },
        { formato: "csv", bytes: published.files.csv!.size_bytes, sha256: published.files.csv!.sha256 },
        { formato: "manifest", bytes: published.manifest.size_bytes, sha256: published.manifest.sha256 },
      ]);
    }
    expect(body.items[0].publicado_en > body.items[1].publicado_en).toBe(true);
  });

  it("lists only the formats a dataset publishes, and a derived view's own snapshots with its parent's dates", async () => {
    const parquetOnly = snapshotHistorySchema.parse((await list(ids.parquetOnly)).body);
    expect(parquetOnly.items[0].archivos.map((f) => f.formato)).toEqual(["parquet", "manifest"]);
    const view = snapshotHistorySchema.parse((await list(ids.derived)).body);
    expect(view.items.map((s) => s.snapshot_date)).toEqual([...days].reverse());
    expect(view.items.map((s) => s.actual)).toEqual([true, false, false]);
  });

  it("pages like the report list: limit, offset and has_more", async () => {
    const first = await list(ids.public, "?limit=2");
    expect(first.body.items.map((s: { snapshot_date: string }) => s.snapshot_date)).toEqual([days[2], days[1]]);
    expect(first.body.has_more).toBe(true);
    const rest = await list(ids.public, "?limit=2&offset=2");
    expect(rest.body.items.map((s: { snapshot_date: string }) => s.snapshot_date)).toEqual([days[0]]);
    expect(rest.body.has_more).toBe(false);
    expect((await list(ids.public, "?offset=10")).body).toEqual({ items: [], has_more: false });
    expect((await list(ids.noSnapshot)).body).toEqual({ items: [], has_more: false });
  });

  it.each([
    ["limit=0", "limit"],
    ["limit=51", "limit"],
    ["limit=diez", "limit"],
    ["offset=-1", "offset"],
  ])("400 parametro_invalido for %s", async (query, parameter) => {
    const res = await list(ids.public, `?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "parametro_invalido", parameter });
  });

  for (const who of CALLERS) {
    it(`shows ${who} the history of exactly the datasets whose detail it may see`, async () => {
      for (const kind of Object.keys(SEES) as Kind[]) {
        const res = await list(ids[kind], "", who);
        if (SEES[kind].includes(who)) {
          expect([kind, res.status]).toEqual([kind, 200]);
          expect([kind, res.body.items.length]).toEqual([kind, kind === "noSnapshot" ? 0 : 3]);
        } else {
          expect([kind, res.status]).toEqual([kind, 404]);
          expect(res.body).toEqual({ error: "dataset_not_found", dataset_id: ids[kind] });
        }
      }
    });
  }

  it("answers a missing dataset and an id no dataset can have like a hidden one", async () => {
    for (const id of ["no-such-dataset", "a\u0000b", "AR-BCRA"]) {
      const res = await list(id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: "dataset_not_found", dataset_id: id });
    }
  });
});

describe("GET /v1/datasets/{id}/snapshot?fecha=", () => {
  it("signs a link to an old snapshot that downloads its own bytes, as its manifest records them", async () => {
    const old = publications[0][0];
    const res = await link(ids.public, `?fecha=${days[0]}`);
    expect(res.status).toBe(200);
    const body = snapshotResponseSchema.parse(res.body);
    expect(body.snapshot).toEqual({ snapshot_at: days[0], rows_count: SIZES[0], file_size_bytes: old.files.parquet!.size_bytes });
    const file = await download(body.url);
    expect(file.status).toBe(200);

    const manifestLink = manifestLinkResponseSchema.parse((await link(ids.public, `?fecha=${days[0]}&format=manifest`)).body);
    const manifestFile = await download(manifestLink.url);
    expect(manifestFile.headers.get("content-type")).toBe("application/json");
    expect(sha256(manifestFile.bytes)).toBe(old.manifest.sha256);
    const manifest = snapshotManifestSchema.parse(JSON.parse(new TextDecoder().decode(manifestFile.bytes)));
    expect(manifest).toMatchObject({ dataset_id: ids.public, snapshot_date: days[0], rows_count: SIZES[0] });
    const parquet = manifest.archivos.find((f) => f.formato === "parquet")!;
    expect(sha256(file.bytes)).toBe(parquet.sha256);
    expect(file.bytes.byteLength).toBe(parquet.bytes);
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="${parquet.nombre}"`);
    // Not the current file: the old snapshot's own bytes.
    expect(parquet.sha256).not.toBe(publications[2][0].files.parquet!.sha256);

    const csv = await download((await link(ids.public, `?fecha=${days[0]}&format=csv&redirect=1`)).headers.get("location")!);
    expect(sha256(csv.bytes)).toBe(manifest.archivos.find((f) => f.formato === "csv")!.sha256);
  });

  it("writes the manifest with the dataset, the date, the rows and the columns with their types", async () => {
    const body = manifestLinkResponseSchema.parse((await link(ids.public, "?format=manifest")).body);
    const manifest = snapshotManifestSchema.parse(JSON.parse(new TextDecoder().decode((await download(body.url)).bytes)));
    expect(manifest.snapshot_date).toBe(days[2]);
    expect(manifest.columns.find((c) => c.name === "monto")).toEqual({ name: "monto", type: "DOUBLE", nullable: false });
    expect(manifest.archivos.map((f) => [f.nombre, f.formato])).toEqual([
      [`${ids.public}-${days[2]}.csv`, "csv"],
      [`${ids.public}-${days[2]}.parquet`, "parquet"],
    ]);
    expect(body.snapshot.file_size_bytes).toBe(publications[2][0].manifest.size_bytes);
  });

  it("keeps the contract's answer without fecha: the current snapshot, parquet by default", async () => {
    const res = await link(ids.public, "");
    expect(res.body.snapshot.snapshot_at).toBe(days[2]);
    expect(res.body.format).toBe("parquet");
  });

  it("404 not_found for a date with no snapshot, and for a dataset the caller may not see", async () => {
    const unknown = await link(ids.public, "?fecha=2026-01-01");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe("not_found");
    for (const kind of ["adminOnly", "enterprise", "unpublished"] as const) {
      const hidden = await link(ids[kind], `?fecha=${days[0]}`);
      expect([kind, hidden.status, hidden.body.error]).toEqual([kind, 404, "not_found"]);
    }
  });

  it.each(["2026-02-30", "30/09/2026", "2026-9-30", ""])("400 parametro_invalido for fecha=%s", async (fecha) => {
    const res = await link(ids.public, `?fecha=${encodeURIComponent(fecha)}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "parametro_invalido", parameter: "fecha" });
  });

  it("applies the plan gate and the format rules to old snapshots too", async () => {
    const pro = await link(ids.public, `?fecha=${days[0]}`, "pro");
    expect(pro.status).toBe(403);
    expect(pro.body.error).toBe("tier_required");
    expect((await link(ids.public, `?fecha=${days[0]}`, "anonymous")).status).toBe(401);
    const csv = await link(ids.parquetOnly, `?fecha=${days[0]}&format=csv`);
    expect(csv.status).toBe(400);
    expect(csv.body.error).toBe("format_not_available");
    expect((await link(ids.adminOnly, `?fecha=${days[0]}`, "admin")).status).toBe(200);
  });
});
