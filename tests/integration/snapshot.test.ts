import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { parquetMetadata, parquetReadObjects } from "hyparquet";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as detail } from "@/app/v1/datasets/[id]/route";
import { GET as snapshot } from "@/app/v1/datasets/[id]/snapshot/route";
import { getDb } from "@/db/client";
import { datasetSnapshots, snapshotFiles } from "@/db/schema";
import { setSuspended } from "@/lib/accounts/update";
import { publishDataset } from "@/lib/catalog/publish";
import { setClock } from "@/lib/clock";
import { env } from "@/lib/env";
import { snapshotResponseSchema } from "@/lib/schemas/catalog";
import { setStorage, type StorageDriver } from "@/lib/storage";
import { createLocalStorage } from "@/lib/storage/local";
import { objectSigningKey } from "@/lib/storage/signing";
import { newAccount, type TestAccount } from "../helpers/accounts";
import { defineDataset, download, loadCrediticio, sha256, testId, uniqueOldDay } from "../helpers/catalog";
import { bearer, call } from "../helpers/http";
import { OPERATOR } from "@/lib/audit/record";

const local = createLocalStorage(path.join(env().dataDir, "objects"), objectSigningKey);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "legajo-snapshot-"));
const day = uniqueOldDay();
const ids = { full: testId("full"), parquetOnly: testId("pq"), noSnapshot: testId("empty"), unpublished: testId("unpub"), adminOnly: testId("adm"), enterprise: testId("ent") };
let ultimate: TestAccount;

const get = (id: string, query = "", headers: Record<string, string> = bearer(ultimate.key)) =>
  call(snapshot, `/v1/datasets/${id}/snapshot${query}`, { headers, params: { id } });

async function recordedFile(datasetId: string, format: "parquet" | "csv") {
  const db = await getDb();
  const [row] = await db
    .select({ file: snapshotFiles })
    .from(datasetSnapshots)
    .innerJoin(snapshotFiles, eq(snapshotFiles.snapshotId, datasetSnapshots.id))
    .where(and(eq(datasetSnapshots.datasetId, datasetId), eq(datasetSnapshots.current, true), eq(snapshotFiles.format, format)));
  return row.file;
}

beforeAll(async () => {
  // These tests are about the local driver's signed links, whatever store the suite is configured with.
  setStorage(local);
  ultimate = await newAccount({ plan: "ultimate" });
  const db = await getDb();
  await defineDataset({ id: ids.full });
  await defineDataset({ id: ids.parquetOnly, formats: ["parquet"] });
  await defineDataset({ id: ids.noSnapshot });
  await defineDataset({ id: ids.unpublished, published: false });
  await defineDataset({ id: ids.adminOnly, visibility: "admin_only" });
  await defineDataset({ id: ids.enterprise, min_tier: "enterprise" });
  await loadCrediticio(day, 250);
  for (const id of [ids.full, ids.parquetOnly, ids.unpublished, ids.adminOnly, ids.enterprise]) await publishDataset(db, id, { snapshotDate: day });
});

afterEach(() => setClock(null));
afterAll(() => {
  setStorage(null);
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("GET /v1/datasets/{id}/snapshot", () => {
  it("gives a signed Parquet link by default, with exactly the contract's fields", async () => {
    const res = await get(ids.full);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["dataset_id", "expires_in_seconds", "format", "snapshot", "url"]);
    expect(Object.keys(res.body.snapshot).sort()).toEqual(["file_size_bytes", "rows_count", "snapshot_at"]);
    const body = snapshotResponseSchema.parse(res.body);
    const file = await recordedFile(ids.full, "parquet");
    expect(body).toMatchObject({
      dataset_id: ids.full,
      format: "parquet",
      expires_in_seconds: 3600,
      snapshot: { snapshot_at: day, rows_count: 250, file_size_bytes: file.sizeBytes },
    });
    expect(body.url).toMatch(/^http:\/\/localhost:3000\/files\/datasets\/.+\.parquet\?exp=\d+&sig=[\w-]+$/);
    expect(Number(new URL(body.url).searchParams.get("exp")) - Math.floor(Date.now() / 1000)).toBeGreaterThanOrEqual(3599);
  });

  it("downloads a Parquet file with the declared columns, the row count, the size and the SHA-256", async () => {
    const res = await get(ids.full);
    const file = await download(res.body.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-length")).toBe(String(res.body.snapshot.file_size_bytes));
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="${ids.full}-${day}.parquet"`);
    expect(file.bytes.byteLength).toBe(res.body.snapshot.file_size_bytes);
    expect(sha256(file.bytes)).toBe((await recordedFile(ids.full, "parquet")).sha256);
    const buffer = file.bytes.buffer.slice(file.bytes.byteOffset, file.bytes.byteOffset + file.bytes.byteLength);
    const rows = await parquetReadObjects({ file: buffer });
    expect(rows).toHaveLength(res.body.snapshot.rows_count);
    const declared = (await call(detail, `/v1/datasets/${ids.full}`, { params: { id: ids.full } })).body.ai_metadata.columns;
    expect(parquetMetadata(buffer).schema.slice(1).map((s) => s.name)).toEqual(declared.map((c: { name: string }) => c.name));
    expect(Object.keys(rows[0])).toEqual(declared.map((c: { name: string }) => c.name));
  });

  it("downloads the CSV with the declared header", async () => {
    const res = await get(ids.full, "?format=csv");
    expect(res.status).toBe(200);
    expect(res.body.format).toBe("csv");
    const file = await download(res.body.url);
    expect(file.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(sha256(file.bytes)).toBe((await recordedFile(ids.full, "csv")).sha256);
    const lines = new TextDecoder().decode(file.bytes).trimEnd().split("\n");
    const declared = (await call(detail, `/v1/datasets/${ids.full}`, { params: { id: ids.full } })).body.ai_metadata.columns;
    expect(lines[0]).toBe(declared.map((c: { name: string }) => c.name).join(","));
    expect(lines).toHaveLength(251);
  });

  it("serves byte ranges, the way Parquet readers fetch the footer", async () => {
    const res = await get(ids.full);
    const tail = await download(res.body.url, { headers: { range: "bytes=-8" } });
    expect(tail.status).toBe(206);
    expect(new TextDecoder().decode(tail.bytes.slice(4))).toBe("PAR1");
    expect(tail.headers.get("content-range")).toBe(`bytes ${res.body.snapshot.file_size_bytes - 8}-${res.body.snapshot.file_size_bytes - 1}/${res.body.snapshot.file_size_bytes}`);
  });

  it("answers redirect=1 with a 302 to the signed file", async () => {
    const res = await get(ids.full, "?redirect=1&format=csv");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/\/files\/datasets\/.+\.csv\?exp=\d+&sig=/);
    expect(res.headers.get("x-request-id")).toBeTruthy();
    expect((await download(res.headers.get("location")!)).status).toBe(200);
  });

  it("accepts a session on an eligible plan, and an admin on any plan", async () => {
    expect((await get(ids.full, "", { cookie: ultimate.cookie })).status).toBe(200);
    const admin = await newAccount({ plan: "free", admin: true });
    expect((await get(ids.full, "", bearer(admin.key))).status).toBe(200);
    expect((await get(ids.adminOnly, "", bearer(admin.key))).status).toBe(200);
    expect((await get(ids.unpublished, "", bearer(admin.key))).status).toBe(200);
    for (const plan of ["team", "enterprise"] as const) expect((await get(ids.full, "", bearer((await newAccount({ plan })).key))).status).toBe(200);
  });
});

describe("GET /v1/datasets/{id}/snapshot errors", () => {
  it("401 unauthenticated without a key or with a bad one", async () => {
    const attempts: Record<string, string>[] = [{}, { authorization: "Bearer nope" }, { authorization: `Bearer lgj_${"A".repeat(43)}` }];
    for (const headers of attempts) {
      const res = await get(ids.full, "", headers);
      expect(res.status).toBe(401);
      expect(res.body.error).toBe("unauthenticated");
    }
  });

  it.each(["free", "starter", "pro"] as const)("403 tier_required for plan %s, by key or by session", async (plan) => {
    const account = await newAccount({ plan });
    for (const headers of [bearer(account.key), { cookie: account.cookie }]) {
      const res = await get(ids.full, "", headers);
      expect(res.status).toBe(403);
      expect(Object.keys(res.body).sort()).toEqual(["current_tier", "error", "message", "required_tier", "upgrade_url"]);
      expect(res.body).toMatchObject({ error: "tier_required", required_tier: "ultimate", current_tier: plan, upgrade_url: "http://localhost:3000/planes" });
    }
  });

  it("403 account_suspended", async () => {
    const account = await newAccount({ plan: "ultimate" });
    await setSuspended(await getDb(), account.accountId, true, OPERATOR);
    const res = await get(ids.full, "", bearer(account.key));
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("account_suspended");
  });

  it.each([
    ["a missing dataset", "no-such-dataset"],
    ["a dataset without a snapshot", ids.noSnapshot],
    ["an unpublished dataset", ids.unpublished],
    ["an admin-only dataset", ids.adminOnly],
    ["a dataset above the caller's plan", ids.enterprise],
    ["an id no dataset can have (a NUL byte)", "a\u0000b"],
    ["an id no dataset can have (capitals)", "AR-BCRA"],
  ])("404 not_found for %s", async (_name, id) => {
    const res = await get(id);
    expect(res.status).toBe(404);
    expect(Object.keys(res.body).sort()).toEqual(["error", "message"]);
    expect(res.body.error).toBe("not_found");
  });

  it("400 format_not_available for a format the dataset lacks or that does not exist", async () => {
    for (const [id, query] of [[ids.parquetOnly, "?format=csv"], [ids.full, "?format=xlsx"]]) {
      const res = await get(id, query);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body).sort()).toEqual(["error", "message"]);
      expect(res.body.error).toBe("format_not_available");
    }
    expect((await get(ids.parquetOnly)).status).toBe(200);
  });

  it("500 internal, with a generic message, when the link cannot be signed", async () => {
    const broken: StorageDriver = { ...local, signedUrl: () => Promise.reject(new Error("signing key unavailable: secret detail")) };
    setStorage(broken);
    try {
      const res = await get(ids.full);
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: "internal", message: "Ocurrió un error interno." });
      expect(res.text).not.toContain("secret detail");
    } finally {
      setStorage(local);
    }
  });
});

describe("signed download links", () => {
  const link = async () => new URL((await get(ids.full)).body.url as string);

  it("refuse a tampered signature", async () => {
    const url = await link();
    const sig = url.searchParams.get("sig")!;
    url.searchParams.set("sig", `${sig[0] === "A" ? "B" : "A"}${sig.slice(1)}`);
    const res = await download(url.toString());
    expect(res.status).toBe(403);
    expect(JSON.parse(new TextDecoder().decode(res.bytes)).error).toBe("forbidden");
  });

  it("refuse a tampered path, a tampered expiry and a missing signature", async () => {
    const url = await link();
    const otherFile = new URL(url);
    otherFile.pathname = url.pathname.replace(/\.parquet$/, ".csv");
    expect((await download(otherFile.toString())).status).toBe(403);
    const traversal = new URL(url);
    traversal.pathname = url.pathname.replace(/\/datasets\//, "/datasets/../");
    expect((await download(traversal.toString())).status).toBe(403);
    const later = new URL(url);
    later.searchParams.set("exp", String(Number(url.searchParams.get("exp")) + 86_400));
    expect((await download(later.toString())).status).toBe(403);
    const unsigned = new URL(url);
    unsigned.searchParams.delete("sig");
    expect((await download(unsigned.toString())).status).toBe(403);
  });

  it("refuse an expired link", async () => {
    const url = await link();
    expect((await download(url.toString())).status).toBe(200);
    const exp = Number(url.searchParams.get("exp"));
    setClock(() => new Date(exp * 1000 + 1000));
    expect((await download(url.toString())).status).toBe(403);
  });
});
