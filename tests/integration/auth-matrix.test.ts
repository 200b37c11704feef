import { encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { GET as balance } from "@/app/v1/balance/route";
import { getDb } from "@/db/client";
import { setSuspended } from "@/lib/accounts/update";
import { createApiKey, generateKey, revokeApiKey } from "@/lib/auth/api-keys";
import { authSecret } from "@/lib/auth/secret";
import { newAccount } from "../helpers/accounts";
import { APP_ORIGIN, bearer, call } from "../helpers/http";
import { OPERATOR } from "@/lib/audit/record";

const get = (headers: Record<string, string> = {}, path = "/v1/balance") => call(balance, path, { headers });

function expectError(res: Awaited<ReturnType<typeof get>>, status: number, code: string, keys = ["error", "message"]) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(res.body.error).toBe(code);
  expect(Object.keys(res.body).sort()).toEqual(keys);
  expect(res.body.message).toEqual(expect.any(String));
  expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
}

describe("GET /v1/balance: 401 unauthenticated", () => {
  it("without an Authorization header or session", async () => {
    expectError(await get(), 401, "unauthenticated");
  });

  it.each([
    ["Basic credentials", (k: string) => `Basic ${Buffer.from(`user:${k}`).toString("base64")}`],
    ["the key without a scheme", (k: string) => k],
    ["Token scheme", (k: string) => `Token ${k}`],
    ["Bearer with nothing after it", () => "Bearer"],
    ["Bearer and a blank", () => "Bearer   "],
    ["two keys", (k: string) => `Bearer ${k} ${k}`],
  ])("with an Authorization header that is not a Bearer key: %s", async (_, value) => {
    const a = await newAccount();
    expectError(await get({ authorization: value(a.key) }), 401, "unauthenticated");
  });

  it.each([
    ["too short", "lgj_abc"],
    ["wrong prefix", `sk_${"A".repeat(43)}`],
    ["not base62", `lgj_${"A".repeat(42)}!`],
    ["not a key at all", "hello"],
  ])("with a malformed key: %s", async (_, key) => {
    expectError(await get(bearer(key)), 401, "unauthenticated");
  });

  it("with a well-formed key that was never issued", async () => {
    expectError(await get(bearer(generateKey())), 401, "unauthenticated");
  });

  it("with an expired key", async () => {
    const a = await newAccount();
    const { key } = await createApiKey(await getDb(), a.accountId, { expiresInDays: 0 }, OPERATOR);
    expectError(await get(bearer(key)), 401, "unauthenticated");
  });

  it("with a revoked key, while the account's other keys still work", async () => {
    const a = await newAccount();
    const other = await createApiKey(await getDb(), a.accountId, { name: "other" }, OPERATOR);
    expect((await get(bearer(a.key))).status).toBe(200);
    await revokeApiKey(await getDb(), a.accountId, a.keyId, OPERATOR);
    expectError(await get(bearer(a.key)), 401, "unauthenticated");
    expect((await get(bearer(other.key))).status).toBe(200);
  });

  it.each(["api_key", "key", "access_token", "token", "apikey"])("with the key in the query string (?%s=)", async (param) => {
    const a = await newAccount();
    expectError(await get({}, `/v1/balance?${param}=${a.key}`), 401, "unauthenticated");
  });

  it.each(["x-api-key", "api-key", "x-auth-token", "proxy-authorization"])("with the key in another header (%s)", async (header) => {
    const a = await newAccount();
    expectError(await get({ [header]: a.key }), 401, "unauthenticated");
    expectError(await get({ [header]: `Bearer ${a.key}` }), 401, "unauthenticated");
  });

  it("with a malformed key even when a valid session cookie comes along", async () => {
    const a = await newAccount();
    expectError(await get({ authorization: "Bearer nope", cookie: a.cookie }), 401, "unauthenticated");
  });

  it("with a session cookie that does not decode", async () => {
    expectError(await get({ cookie: "next-auth.session-token=garbage" }), 401, "unauthenticated");
  });

  it("with an expired session", async () => {
    const a = await newAccount();
    const token = await encode({ token: { uid: a.userId, acc: a.accountId, email: a.email }, secret: authSecret(), maxAge: -60 });
    expectError(await get({ cookie: `next-auth.session-token=${token}` }), 401, "unauthenticated");
  });

  it("with a session signed by another secret", async () => {
    const a = await newAccount();
    const token = await encode({ token: { uid: a.userId, acc: a.accountId }, secret: "another-secret-another-secret-00" });
    expectError(await get({ cookie: `next-auth.session-token=${token}` }), 401, "unauthenticated");
  });
});

describe("GET /v1/balance: accepted credentials", () => {
  it("accepts a Bearer key", async () => {
    const a = await newAccount({ plan: "ultimate" });
    expect((await get(bearer(a.key))).status).toBe(200);
  });

  it("accepts the Bearer scheme in any letter case (RFC 7235)", async () => {
    const a = await newAccount({ plan: "ultimate" });
    expect((await get({ authorization: `bearer ${a.key}` })).status).toBe(200);
    expect((await get({ authorization: `BEARER ${a.key}` })).status).toBe(200);
  });

  it("accepts a web session of the account, under either cookie name", async () => {
    const a = await newAccount({ plan: "ultimate" });
    expect((await get({ cookie: a.cookie })).status).toBe(200);
    expect((await get({ cookie: `other=1; __Secure-${a.cookie}` })).status).toBe(200);
  });
});

describe("GET /v1/balance: 403", () => {
  it("account_suspended for a key and for a session, and back to 200 when lifted", async () => {
    const a = await newAccount({ plan: "ultimate" });
    const db = await getDb();
    await setSuspended(db, a.accountId, true, OPERATOR);
    expectError(await get(bearer(a.key)), 403, "account_suspended");
    expectError(await get({ cookie: a.cookie }), 403, "account_suspended");
    await setSuspended(db, a.accountId, false, OPERATOR);
    expect((await get(bearer(a.key))).status).toBe(200);
  });

  it("account_suspended before the plan gate, for a suspended free account's key", async () => {
    const a = await newAccount({ plan: "free" });
    await setSuspended(await getDb(), a.accountId, true, OPERATOR);
    expectError(await get(bearer(a.key)), 403, "account_suspended");
  });

  it("account_suspended even for an admin", async () => {
    const a = await newAccount({ plan: "enterprise", admin: true });
    await setSuspended(await getDb(), a.accountId, true, OPERATOR);
    expectError(await get(bearer(a.key)), 403, "account_suspended");
  });

  it.each(["free", "starter", "pro"] as const)("channel_disabled with upgrade_url for a key on plan %s", async (plan) => {
    const a = await newAccount({ plan });
    const res = await get(bearer(a.key));
    expectError(res, 403, "channel_disabled", ["error", "message", "upgrade_url"]);
    expect(new URL(res.body.upgrade_url).origin).toBe(APP_ORIGIN);
  });

  it.each(["ultimate", "team", "enterprise"] as const)("no channel gate for a key on plan %s", async (plan) => {
    const a = await newAccount({ plan });
    expect((await get(bearer(a.key))).status).toBe(200);
  });

  it.each(["free", "starter", "pro"] as const)("no channel gate for a session on plan %s (spec 5.4)", async (plan) => {
    const a = await newAccount({ plan });
    expect((await get({ cookie: a.cookie })).status).toBe(200);
  });

  it("no channel gate for an admin's key on a free plan", async () => {
    const a = await newAccount({ plan: "free", admin: true });
    expect((await get(bearer(a.key))).status).toBe(200);
  });
});
