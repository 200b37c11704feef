import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GET as balance } from "@/app/v1/balance/route";
import { getDb } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { createApiKey, hashKey, listApiKeys, MAX_ACTIVE_KEYS, revokeApiKey } from "@/lib/auth/api-keys";
import { setClock } from "@/lib/clock";
import { DomainError } from "@/lib/errors";
import { newAccount } from "../helpers/accounts";
import { bearer, call } from "../helpers/http";
import { OPERATOR } from "@/lib/audit/record";

afterEach(() => setClock(null));

async function keyRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id));
  return row;
}

async function refusal(p: Promise<unknown>): Promise<DomainError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error("expected an DomainError");
}

describe("API keys", () => {
  it("stores only the SHA-256 and a display prefix, and returns the plaintext once", async () => {
    const a = await newAccount();
    const created = await createApiKey(await getDb(), a.accountId, { name: "ci" }, OPERATOR);
    expect(Object.keys(created).sort()).toEqual(["expiresAt", "id", "key", "start"]);
    const row = await keyRow(created.id);
    expect(row.hash).toBe(hashKey(created.key));
    expect(row.start).toBe(created.key.slice(0, 8));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(8));
    const listed = await listApiKeys(await getDb(), a.accountId);
    expect(JSON.stringify(listed)).not.toContain(created.key.slice(8));
  });

  it("is valid for one year by default", async () => {
    const at = new Date("2031-02-03T04:05:06Z");
    setClock(() => at);
    const a = await newAccount();
    const created = await createApiKey(await getDb(), a.accountId, {}, OPERATOR);
    expect(created.expiresAt.getTime() - at.getTime()).toBe(365 * 86_400_000);
    expect((await keyRow(created.id)).expiresAt.getTime()).toBe(created.expiresAt.getTime());
  });

  it("stops working when its validity ends", async () => {
    const a = await newAccount();
    const created = await createApiKey(await getDb(), a.accountId, { expiresInDays: 1 }, OPERATOR);
    expect((await call(balance, "/v1/balance", { headers: bearer(created.key) })).status).toBe(200);
    setClock(() => new Date(created.expiresAt.getTime() + 1));
    expect((await call(balance, "/v1/balance", { headers: bearer(created.key) })).status).toBe(401);
  });

  it("allows at most 10 active keys: the 11th is refused with a clear error, and revoking one frees a slot", async () => {
    const a = await newAccount(); // holds one key already
    const db = await getDb();
    for (let i = 1; i < MAX_ACTIVE_KEYS; i++) await createApiKey(db, a.accountId, { name: `k${i}` }, OPERATOR);
    const err = await refusal(createApiKey(db, a.accountId, { name: "eleventh" }, OPERATOR));
        expect(err.code).toBe("key_limit_reached");
    expect(err.message).toMatch(/10/);
    await revokeApiKey(db, a.accountId, a.keyId, OPERATOR);
    const replacement = await createApiKey(db, a.accountId, { name: "replacement" }, OPERATOR);
    expect((await call(balance, "/v1/balance", { headers: bearer(replacement.key) })).status).toBe(200);
    await expect(createApiKey(db, a.accountId, {}, OPERATOR)).rejects.toMatchObject({ code: "key_limit_reached" });
  });

  it("does not count expired keys toward the limit", async () => {
    const a = await newAccount();
    const db = await getDb();
    for (let i = 0; i < 5; i++) await createApiKey(db, a.accountId, { expiresInDays: 0 }, OPERATOR);
    for (let i = 1; i < MAX_ACTIVE_KEYS; i++) await createApiKey(db, a.accountId, {}, OPERATOR);
    await expect(createApiKey(db, a.accountId, {}, OPERATOR)).rejects.toMatchObject({ code: "key_limit_reached" });
  });

  it("never gives an eleventh slot to concurrent creations", async () => {
    const a = await newAccount();
    const db = await getDb();
    const results = await Promise.allSettled(Array.from({ length: 14 }, () => createApiKey(db, a.accountId, {}, OPERATOR)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(MAX_ACTIVE_KEYS - 1);
    const active = (await listApiKeys(db, a.accountId)).filter((k) => k.state === "active");
    expect(active).toHaveLength(MAX_ACTIVE_KEYS);
  });

  it("lists keys with their state, newest first", async () => {
    const a = await newAccount();
    const db = await getDb();
    const expired = await createApiKey(db, a.accountId, { name: "old", expiresInDays: 0 }, OPERATOR);
    const revoked = await createApiKey(db, a.accountId, { name: "gone" }, OPERATOR);
    await revokeApiKey(db, a.accountId, revoked.id, OPERATOR);
    const states = Object.fromEntries((await listApiKeys(db, a.accountId)).map((k) => [k.id, k.state]));
    expect(states).toEqual({ [a.keyId]: "active", [expired.id]: "expired", [revoked.id]: "revoked" });
  });

  it("revokes only the account's own keys: another account's key is as missing as an unknown one", async () => {
    const a = await newAccount();
    const b = await newAccount();
    const db = await getDb();
    const err = await refusal(revokeApiKey(db, a.accountId, b.keyId, OPERATOR));
    expect(err.code).toBe("not_found");
    expect((await call(balance, "/v1/balance", { headers: bearer(b.key) })).status).toBe(200);
    await revokeApiKey(db, a.accountId, a.keyId, OPERATOR);
    await expect(revokeApiKey(db, a.accountId, a.keyId, OPERATOR)).rejects.toMatchObject({ code: "not_found" });
  });

  it.each([-1, 1.5, 3651])("refuses a validity of %s days", async (days) => {
    const a = await newAccount();
    await expect(createApiKey(await getDb(), a.accountId, { expiresInDays: days }, OPERATOR)).rejects.toMatchObject({ code: "parametro_invalido" });
  });

  it("sets last_used_at when the key is used", async () => {
    const a = await newAccount();
    expect((await keyRow(a.keyId)).lastUsedAt).toBeNull();
    const before = Date.now();
    expect((await call(balance, "/v1/balance", { headers: bearer(a.key) })).status).toBe(200);
    await vi.waitFor(async () => expect((await keyRow(a.keyId)).lastUsedAt).not.toBeNull(), { timeout: 5_000, interval: 20 });
    expect((await keyRow(a.keyId)).lastUsedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });
});
