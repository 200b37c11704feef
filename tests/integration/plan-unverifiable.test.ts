import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as balance } from "@/app/v1/balance/route";
import { closeDb, getSql, migrateAndSeed } from "@/db/client";
import { newAccount, type TestAccount } from "../helpers/accounts";
import { bearer, call } from "../helpers/http";

/**
 * `403 internal` (spec 5.8) needs an account whose plan cannot be found. The schema makes that impossible
 * (a foreign key), so this file boots the app on a private database of the same server, creates an account and
 * then removes its plan behind the app's back. The shared test database is never touched.
 */
const sharedUrl = process.env.DATABASE_URL!;
const database = `legajo_plan_${randomBytes(4).toString("hex")}`;
const privateUrl = sharedUrl.replace(/\/[^/?]+(\?|$)/, `/${database}$1`);
const serverUrl = sharedUrl.replace(/\/[^/?]+(\?|$)/, "/postgres$1");
let account: TestAccount;

beforeAll(async () => {
  // Before anything reads the configuration (env() reads it once per process).
  process.env.DATABASE_URL = privateUrl;
  const server = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await server.unsafe(`create database ${database}`);
  await server.end();
  // Plans only: the app's boot then finds a seeded database and skips the (larger) demo data.
  const { seedPlans } = await import("@/db/seed");
  await migrateAndSeed(privateUrl, seedPlans);
  const [{ current }] = await (await getSql())<{ current: string }[]>`select current_database() as current`;
  expect(current).toBe(database);

  account = await newAccount({ plan: "ultimate" });
  const priv = postgres(privateUrl, { max: 1, onnotice: () => {} });
  await priv.unsafe(`alter table accounts drop constraint accounts_plan_tier_plans_tier_fk`);
  await priv.unsafe(`delete from plans where tier = 'ultimate'`);
  await priv.end();
});

afterAll(async () => {
  await closeDb();
  process.env.DATABASE_URL = sharedUrl;
  const server = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await server.unsafe(`drop database if exists ${database} with (force)`);
  await server.end();
});

describe("403 internal when the plan entitlement cannot be verified (spec 5.8)", () => {
  it("for a key", async () => {
    const res = await call(balance, "/v1/balance", { headers: bearer(account.key) });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "internal", message: expect.any(String) });
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("for a session", async () => {
    const res = await call(balance, "/v1/balance", { headers: { cookie: account.cookie } });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("internal");
  });

  it("still says 401 to a caller without credentials", async () => {
    expect((await call(balance, "/v1/balance")).status).toBe(401);
  });
});
