import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as downloadSnapshot } from "@/app/(web)/datasets/[id]/descargar/route";
import { GET as reportJson } from "@/app/(web)/informes/[id]/json/route";
import { getDb } from "@/db/client";
import { setSuspended } from "@/lib/accounts/update";
import { loadAccountCaller } from "@/lib/auth/caller";
import { requireAdmin, requireCaller } from "@/lib/web/current-caller";
import { newAccount, type TestAccount } from "../helpers/accounts";
import { generate } from "../helpers/reports";
import type { Actor } from "@/lib/audit/record";

const OPS: Actor = { kind: "admin", accountId: null, userId: null, email: "ops@legajo.test" };

/**
 * The browser's session, stood in for by the account a test signs in: these tests are about what the web does with
 * a signed-in caller whose account is suspended, not about reading the cookie.
 */
const session = vi.hoisted(() => {
  // What `experimental.authInterrupts` sets in a build; forbidden() refuses to run without it.
  process.env.__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS = "true";
  return { signedIn: null as { accountId: string; userId: string } | null };
});
vi.mock("@/lib/auth/web", async () => {
  const { redirect } = await import("next/navigation");
  const webCaller = async () => (session.signedIn ? loadAccountCaller(await getDb(), session.signedIn.accountId, session.signedIn.userId) : null);
  return {
    webCaller,
    requireWebCaller: async (next = "/cuenta") => (await webCaller()) ?? redirect(`/login?next=${encodeURIComponent(next)}`),
  };
});

// Next's marker that a render is per request (connection()) has no request to mark outside Next.
vi.mock("@/lib/web/page-db", async () => ({ pageDb: (await import("@/db/client")).getDb }));

const signIn = (a: TestAccount | null) => {
  session.signedIn = a && { accountId: a.accountId, userId: a.userId };
};
const FORBIDDEN = "NEXT_HTTP_ERROR_FALLBACK;403";

const getJson = (id: string) => reportJson(new Request(`http://localhost:3000/informes/${id}/json`), { params: Promise.resolve({ id }) });
const getDownload = (id: string) =>
  downloadSnapshot(new Request(`http://localhost:3000/datasets/${id}/descargar?formato=parquet`), { params: Promise.resolve({ id }) });

let active: TestAccount;
let suspended: TestAccount;
let suspendedReport: string;

beforeAll(async () => {
  [active, suspended] = await Promise.all([newAccount({ plan: "ultimate" }), newAccount({ plan: "ultimate" })]);
  const made = await generate(suspended, "20123456786");
  expect(made.status).toBe(200);
  suspendedReport = made.body.informe_id;
  await setSuspended(await getDb(), suspended.accountId, true, OPS);
});

describe("a suspended account on the web gets the API's refusal", () => {
  it("gets 403 account_suspended for its own report's JSON, not the report", async () => {
    signIn(suspended);
    const res = await getJson(suspendedReport);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "account_suspended", message: expect.stringMatching(/suspendida/) });
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("gets 403 account_suspended from the snapshot download route, with no link", async () => {
    signIn(suspended);
    const res = await getDownload("deudores");
    expect(res.status).toBe(403);
    expect(res.headers.get("location")).toBeNull();
    expect(await res.json()).toMatchObject({ error: "account_suspended" });
  });

  it("gets the 403 suspension page instead of any page behind login", async () => {
    signIn(suspended);
    await expect(requireCaller("/informes")).rejects.toMatchObject({ digest: FORBIDDEN });
    await expect(requireCaller(`/informes/${suspendedReport}`)).rejects.toMatchObject({ digest: FORBIDDEN });
  });

  it("gets the suspension page in the admin area too, when the admin's own account is suspended", async () => {
    const admin = await newAccount({ plan: "enterprise", admin: true });
    await setSuspended(await getDb(), admin.accountId, true, OPS);
    signIn(admin);
    await expect(requireAdmin()).rejects.toMatchObject({ digest: FORBIDDEN });
  });

  it("reads again once the account is reactivated", async () => {
    await setSuspended(await getDb(), suspended.accountId, false, OPS);
    signIn(suspended);
    try {
      const res = await getJson(suspendedReport);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ informe_id: suspendedReport });
      await expect(requireCaller("/informes")).resolves.toMatchObject({ accountId: suspended.accountId });
    } finally {
      await setSuspended(await getDb(), suspended.accountId, true, OPS);
    }
  });
});

describe("the same routes for others", () => {
  it("serve an active account its report and its pages", async () => {
    const made = await generate(active, "20123456786");
    signIn(active);
    const res = await getJson(made.body.informe_id);
    expect(res.status).toBe(200);
    await expect(requireCaller("/informes")).resolves.toMatchObject({ accountId: active.accountId });
  });

  it("send a signed-out visitor to the login page, and back afterwards", async () => {
    signIn(null);
    const json = await getJson("inf_x");
    expect(json.status).toBe(303);
    expect(json.headers.get("location")).toBe(`/login?next=${encodeURIComponent("/informes/inf_x")}`);
    const download = await getDownload("deudores");
    expect(download.status).toBe(303);
    expect(download.headers.get("location")).toBe(`/login?next=${encodeURIComponent("/datasets/deudores")}`);
  });
});
