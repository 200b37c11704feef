import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as balance } from "@/app/v1/balance/route";
import { GET as prices } from "@/app/v1/prices/route";
import { requireTier } from "@/lib/auth/tiers";
import { apiRoute, json, readJsonBody } from "@/lib/http/api-route";
import { DomainError } from "@/lib/errors";
import { createLogger, setLogger } from "@/lib/log";
import { newAccount } from "../helpers/accounts";
import { APP_ORIGIN, bearer, call } from "../helpers/http";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const SECRET = "password=hunter2 at db.internal:5432 /srv/app/lib/reports/generate.ts:42";
const throwsPlain = apiRoute({ auth: "public" }, () => Promise.reject(new Error(SECRET)));
const throwsTypeError = apiRoute({ auth: "public" }, () => {
  const missing = undefined as unknown as { field: string };
  return Promise.resolve(json({ value: missing.field }));
});
const throwsInternalWithText = apiRoute({ auth: "public" }, () => Promise.reject(new DomainError("internal", { text: SECRET })));
const redirects = apiRoute({ auth: "public" }, () => Promise.resolve(Response.redirect("https://files.example/snapshot.parquet?sig=abc", 302)));
const snapshotLike = apiRoute({ auth: "required" }, ({ caller }) => {
  requireTier(caller, ["ultimate", "team", "enterprise"]);
  return Promise.resolve(json({ ok: true }));
});
const optional = apiRoute({ auth: "optional" }, ({ caller }) => Promise.resolve(json({ account: caller?.accountId ?? null })));
const echoBody = apiRoute({ auth: "public" }, async ({ req }) => json({ got: await readJsonBody(req) }));

describe("every response carries X-Request-Id", () => {
  it("on 200, 401 and 403, a fresh UUID each time", async () => {
    const a = await newAccount({ plan: "free" });
    const responses = [
      await call(prices, "/v1/prices"),
      // The key with its last character changed (a key that already ended in "x" stayed valid: 403, not 401).
      await call(balance, "/v1/balance", { headers: bearer(a.key.slice(0, -1) + (a.key.endsWith("x") ? "y" : "x")) }),
      await call(balance, "/v1/balance"),
      await call(balance, "/v1/balance", { headers: bearer(a.key) }),
      await call(balance, "/v1/balance", { headers: { cookie: a.cookie } }),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 401, 401, 403, 200]);
    const ids = responses.map((r) => r.headers.get("x-request-id"));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("on a redirect, whose headers Response.redirect() makes immutable", async () => {
    const res = await call(redirects, "/v1/datasets/x/snapshot?redirect=1");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("https://files.example/snapshot.parquet?sig=abc");
    expect(res.headers.get("x-request-id")).toMatch(UUID);
  });
});

describe("a 500 never carries exception text", () => {
  // The detail goes to the log instead, under the request id; captured here rather than printed.
  const lines: Record<string, any>[] = [];
  beforeAll(() => setLogger(createLogger({ write: (line: string) => void lines.push(JSON.parse(line)) }, "info")));
  afterAll(() => setLogger(null));

  it.each([
    ["a thrown Error", throwsPlain],
    ["a TypeError from a bug", throwsTypeError],
    ["an DomainError 500 thrown with a text", throwsInternalWithText],
  ])("for %s", async (_, handler) => {
    const res = await call(handler, "/v1/boom");
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: "internal", message: "Ocurrió un error interno." });
    expect(res.text).not.toMatch(/hunter2|db\.internal|generate\.ts|undefined|field|TypeError|stack/i);
    expect(res.headers.get("x-request-id")).toMatch(UUID);
    const logged = lines.find((l) => l.requestId === res.headers.get("x-request-id") && l.level >= 50);
    expect(logged?.err?.message).toMatch(/db\.internal|field/);
  });
});

describe("tier gate helper", () => {
  it("gives 403 tier_required with required_tier, current_tier and upgrade_url", async () => {
    const a = await newAccount({ plan: "pro" });
    const res = await call(snapshotLike, "/v1/datasets/x/snapshot", { headers: { cookie: a.cookie } });
    expect(res.status).toBe(403);
    expect(Object.keys(res.body).sort()).toEqual(["current_tier", "error", "message", "required_tier", "upgrade_url"]);
    expect(res.body).toMatchObject({ error: "tier_required", required_tier: "ultimate", current_tier: "pro" });
    expect(new URL(res.body.upgrade_url).origin).toBe(APP_ORIGIN);
  });

  it("lets the listed plans and admins through", async () => {
    const ultimate = await newAccount({ plan: "ultimate" });
    const admin = await newAccount({ plan: "free", admin: true });
    expect((await call(snapshotLike, "/v1/x", { headers: bearer(ultimate.key) })).status).toBe(200);
    expect((await call(snapshotLike, "/v1/x", { headers: bearer(admin.key) })).status).toBe(200);
  });
});

describe("optional authentication", () => {
  it("sees the caller behind a valid key and treats anything else as anonymous, never 401", async () => {
    const a = await newAccount({ plan: "free" });
    expect((await call(optional, "/v1/datasets", { headers: bearer(a.key) })).body).toEqual({ account: a.accountId });
    expect(await call(optional, "/v1/datasets", { headers: bearer("lgj_nope") })).toMatchObject({ status: 200, body: { account: null } });
    expect(await call(optional, "/v1/datasets")).toMatchObject({ status: 200, body: { account: null } });
  });
});

describe("JSON bodies", () => {
  it.each([
    ["absent", undefined],
    ["blank", "   "],
    ["not JSON", "{cuit: 20"],
  ])("answers 400 body_invalido with only `error` when the body is %s", async (_, rawBody) => {
    const res = await call(echoBody, "/v1/x", { method: "POST", rawBody, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "body_invalido" });
  });

  it("reads a valid JSON body", async () => {
    expect((await call(echoBody, "/v1/x", { method: "POST", body: { cuit: "20123456786" } })).body).toEqual({ got: { cuit: "20123456786" } });
  });
});
