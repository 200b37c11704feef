import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as downloadRoute } from "@/app/(web)/datasets/[id]/descargar/route";
import { getDb } from "@/db/client";
import { csvDownloadUsage } from "@/db/schema";
import { loadAccountCaller } from "@/lib/auth/caller";
import { csvQuota, takeCsvDownload } from "@/lib/catalog/csv-quota";
import { publishDataset } from "@/lib/catalog/publish";
import { env } from "@/lib/env";
import { setStorage } from "@/lib/storage";
import { createLocalStorage } from "@/lib/storage/local";
import { objectSigningKey } from "@/lib/storage/signing";
import { newAccount, type TestAccount } from "../helpers/accounts";
import { defineDataset, loadCrediticio, testId, uniqueOldDay } from "../helpers/catalog";

/** The browser's session, stood in for by the account a test signs in (as in web-suspended.test.ts). */
const session = vi.hoisted(() => ({ signedIn: null as { accountId: string; userId: string } | null }));
vi.mock("@/lib/auth/web", () => ({
  webCaller: async () => (session.signedIn ? loadAccountCaller(await getDb(), session.signedIn.accountId, session.signedIn.userId) : null),
}));
// Next's marker that a render is per request has no request to mark outside Next; the rate limit reads no proxy header.
vi.mock("@/lib/web/page-db", async () => ({ pageDb: (await import("@/db/client")).getDb }));
vi.mock("next/headers", () => ({ headers: () => Promise.resolve(new Headers()) }));

const signIn = (a: TestAccount) => {
  session.signedIn = { accountId: a.accountId, userId: a.userId };
};
const dataset = testId("csvq");
const get = (format: string) =>
  downloadRoute(new Request(`http://localhost:3000/datasets/${dataset}/descargar?formato=${format}`), { params: Promise.resolve({ id: dataset }) });
const usageRows = async (accountId: string) => (await getDb()).select().from(csvDownloadUsage).where(eq(csvDownloadUsage.accountId, accountId));

beforeAll(async () => {
  setStorage(createLocalStorage(path.join(env().dataDir, "objects"), objectSigningKey));
  const day = uniqueOldDay();
  await defineDataset({ id: dataset });
  await loadCrediticio(day, 50);
  await publishDataset(await getDb(), dataset, { snapshotDate: day });
});
afterAll(() => setStorage(null));

describe("the monthly CSV download quota (lib/catalog/csv-quota.ts)", () => {
  it("lets exactly the quota through when 30 downloads race for 10", async () => {
    const db = await getDb();
    const { accountId } = await newAccount({ plan: "starter" });
    const at = new Date();
    const takes = await Promise.all(Array.from({ length: 30 }, () => takeCsvDownload(db, accountId, 10, at)));
    expect(takes.filter((t) => t.ok).map((t) => t.quota.used).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const refused of takes.filter((t) => !t.ok)) expect(refused.quota).toMatchObject({ monthly: 10, used: 10, left: 0 });
    expect(await csvQuota(db, accountId, 10, at)).toEqual({ period: expect.stringMatching(/^\d{4}-\d{2}$/), monthly: 10, used: 10, left: 0 });
  });

  it("counts by Buenos Aires calendar month and writes nothing for a plan without CSV", async () => {
    const db = await getDb();
    const { accountId } = await newAccount({ plan: "starter" });
    // 23:30 of January 31 in Buenos Aires is already February in UTC; it still counts for January.
    expect((await takeCsvDownload(db, accountId, 1, new Date("2031-01-31T23:30:00-03:00"))).quota).toMatchObject({ period: "2031-01", left: 0 });
    expect((await takeCsvDownload(db, accountId, 1, new Date("2031-01-31T23:50:00-03:00"))).ok).toBe(false);
    expect((await takeCsvDownload(db, accountId, 1, new Date("2031-02-01T00:10:00-03:00"))).ok).toBe(true);
    const free = await newAccount({ plan: "free" });
    expect((await takeCsvDownload(db, free.accountId, 0, new Date())).ok).toBe(false);
    expect(await usageRows(free.accountId)).toEqual([]);
  });
});

describe("web CSV downloads as the plans sell them (GET /datasets/{id}/descargar)", () => {
  it("gives a Starter account exactly its 10 CSV links a month under 16 concurrent downloads, then the refusal", async () => {
    const starter = await newAccount({ plan: "starter" });
    signIn(starter);
    const responses = await Promise.all(Array.from({ length: 16 }, () => get("csv")));
    const files = responses.filter((r) => r.status === 302);
    expect(files).toHaveLength(10);
    for (const r of files) expect(r.headers.get("location")).toMatch(new RegExp(`/files/datasets/${dataset}/.+\\.csv\\?.*sig=`));
    const refused = responses.filter((r) => r.status !== 302);
    expect(refused.map((r) => [r.status, r.headers.get("location")])).toEqual(Array(6).fill([303, `/datasets/${dataset}?descarga=cuota#snapshot`]));
    expect((await usageRows(starter.accountId)).map((r) => r.downloads)).toEqual([10]);
  });

  it("refuses Parquet to Starter and Pro (parquet_enabled false) without counting, and anything to Free", async () => {
    const pro = await newAccount({ plan: "pro" });
    signIn(pro);
    const parquet = await get("parquet");
    expect([parquet.status, parquet.headers.get("location")]).toEqual([303, `/datasets/${dataset}?descarga=plan#snapshot`]);
    expect(await usageRows(pro.accountId)).toEqual([]);
    expect((await get("csv")).status).toBe(302);
    expect(await csvQuota(await getDb(), pro.accountId, 100, new Date())).toMatchObject({ used: 1, left: 99 });

    const free = await newAccount({ plan: "free" });
    signIn(free);
    for (const format of ["csv", "parquet"]) expect((await get(format)).headers.get("location")).toBe(`/datasets/${dataset}?descarga=plan#snapshot`);
  });

  it("does not spend a download on a format the dataset does not publish, and Ultimate downloads uncounted", async () => {
    const starter = await newAccount({ plan: "starter" });
    signIn(starter);
    expect((await get("xlsx")).headers.get("location")).toBe(`/datasets/${dataset}?descarga=plan#snapshot`);
    expect(await usageRows(starter.accountId)).toEqual([]);
    const ultimate = await newAccount({ plan: "ultimate" });
    signIn(ultimate);
    for (const format of ["csv", "parquet", "csv"]) expect((await get(format)).status).toBe(302);
    expect(await usageRows(ultimate.accountId)).toEqual([]);
  });
});
