import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startNext, waitFor, type NextServer } from "@/scripts/lib/next-process";

/**
 * Two `next start` processes of one build on one PostgreSQL and one Redis, with requests split between them: the
 * generation lock, idempotency, the balance and the rate limits must hold across instances exactly as in one.
 *
 *   npm run build && REDIS_URL=redis://127.0.0.1:6379 npm run test:multi
 *
 * PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres) creates and drops a fresh database.
 */
const adminUrl = process.env.PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const redisUrl = process.env.REDIS_URL;
const distDir = process.env.NEXT_DIST_DIR ?? ".next";
const dbName = `legajo_multi_${Date.now()}_${process.pid}`;
const dbUrl = `${adminUrl.slice(0, adminUrl.lastIndexOf("/"))}/${dbName}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "legajo-multi-"));

const execFileAsync = promisify(execFile);

let admin: postgres.Sql;
let sql: postgres.Sql;
let servers: NextServer[] = [];
let cuits: { ok: string[] };

interface Account {
  id: string;
  key: string;
  ip: string;
}

/**
 * The operator CLI, run without blocking the event loop: a synchronous child would keep fetch from seeing the
 * servers close their idle keep-alive connections meanwhile, and the next requests would go out on dead sockets.
 */
async function cli(args: string[]): Promise<Record<string, unknown>> {
  const { stdout } = await execFileAsync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "lib/cli/main.ts", ...args], {
    env: { ...process.env, DATABASE_URL: dbUrl, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  return JSON.parse(stdout) as Record<string, unknown>;
}

async function newAccount(plan: string, units = 0): Promise<Account> {
  const email = `multi-${randomUUID()}@example.test`;
  const created = await cli(["account:create", "--email", email, "--plan", plan]);
  if (units) await cli(["balance:load", "--email", email, "--units", String(units)]);
  const { key } = await cli(["key:create", "--email", email]);
  const n = Math.floor(Math.random() * 250);
  return { id: created.account_id as string, key: key as string, ip: `10.77.${n}.${Math.floor(Math.random() * 250)}` };
}

/** Sends request i to instance i % 2. */
function send(i: number, account: Account, pathname: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const server = servers[i % servers.length];
  return fetch(`${server.url}${pathname}`, {
    method: init.method ?? "GET",
    headers: {
      authorization: `Bearer ${account.key}`,
      "x-forwarded-for": account.ip,
      ...(init.body ? { "content-type": "application/json" } : {}),
      ...init.headers,
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  }).then(async (res) => ({ status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> }));
}

async function invariants(accountId: string) {
  const [row] = await sql<{ ledger: number; balance: number; cupo: number; comprado: number; charged: number; debited: number }[]>`
    select (select coalesce(sum(delta), 0)::int from ledger_entries where account_id = ${accountId}) as ledger,
           (b.cupo_available + b.comprado_available)::int as balance, b.cupo_available as cupo, b.comprado_available as comprado,
           (select coalesce(sum(costo_unidades), 0)::int from reports where account_id = ${accountId}) as charged,
           (select coalesce(-sum(delta), 0)::int from ledger_entries where account_id = ${accountId} and kind = 'report_debit') as debited
    from balances b where b.account_id = ${accountId}`;
  expect(row.ledger).toBe(row.balance);
  expect(row.cupo).toBeGreaterThanOrEqual(0);
  expect(row.comprado).toBeGreaterThanOrEqual(0);
  expect(row.charged).toBe(row.debited);
  return row;
}

beforeAll(async () => {
  if (!redisUrl) throw new Error("REDIS_URL must point at a Redis: the instances share their rate limits through it");
  if (!fs.existsSync(path.join(distDir, "BUILD_ID"))) throw new Error(`no build in ${distDir}: run npm run build first`);
  admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${dbName}`);
  sql = postgres(dbUrl, { max: 4, onnotice: () => {} });
  const env = {
    DATABASE_URL: dbUrl,
    REDIS_URL: redisUrl,
    RATE_LIMIT_PREFIX: `legajo-multi-${process.pid}-${Date.now()}`,
    SEED_DEMO: "true",
    DEMO_CUITS: "1000",
    DATA_DIR: dataDir,
    TRUST_PROXY: "true",
    NEXTAUTH_SECRET: randomUUID() + randomUUID(),
    LOG_LEVEL: "warn",
  };
  const ports = [await freePort(), await freePort()];
  servers = await Promise.all(ports.map((port) => startNext({ distDir, port, env })));
  await Promise.all(servers.map((s) => waitFor(s, "/healthz", 200, 180_000)));
  await Promise.all(servers.map((s) => waitFor(s, "/readyz", 200, 180_000)));
  const { demoOutcomes } = await import("@/lib/sources/demo/outcomes");
  const { createDb } = await import("@/db/client");
  cuits = await demoOutcomes(createDb(sql), 12);
}, 300_000);

afterAll(async () => {
  await Promise.all(servers.map(async (s) => (s.child.kill("SIGTERM"), await s.exited)));
  await sql?.end();
  await admin?.unsafe(`drop database if exists ${dbName} with (force)`);
  await admin?.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("two app instances on one database and one Redis", () => {
  it("boots both on the shared database: one migrates and seeds, the other waits for it", async () => {
    const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from plans`;
    expect(n).toBe(6);
    const [{ admins }] = await sql<{ admins: number }[]>`select count(*)::int as admins from accounts where is_admin`;
    expect(admins).toBe(1);
  });

  it("charges once for one Idempotency-Key used on both instances at once", async () => {
    const account = await newAccount("ultimate");
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => send(i, account, "/v1/reports", { method: "POST", body: { cuit: cuits.ok[0] }, headers: { "idempotency-key": key } })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(results.map((r) => r.body.informe_id)).size).toBe(1);
    expect(results.filter((r) => r.body.cache_hit === false)).toHaveLength(1);
    const [{ reports }] = await sql<{ reports: number }[]>`select count(*)::int as reports from reports where account_id = ${account.id}`;
    expect(reports).toBe(1);
    expect((await invariants(account.id)).charged).toBe(200);
  });

  it("runs one generation per account and CUIT at a time across instances", async () => {
    const account = await newAccount("ultimate");
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => send(i, account, "/v1/reports", { method: "POST", body: { cuit: cuits.ok[1] } })),
    );
    for (const r of results) expect([200, 409]).toContain(r.status);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.error).toBe("generacion_en_curso");
    const won = results.filter((r) => r.status === 200);
    expect(won.filter((r) => r.body.tipo_accion === "nuevo")).toHaveLength(1);
    const row = await invariants(account.id);
    expect(row.charged).toBe(200 + 50 * (won.length - 1));
  });

  it("lets exactly 2 of 10 new reports through on a balance worth 2, across instances", async () => {
    const account = await newAccount("team", 400);
    const results = await Promise.all(
      cuits.ok.slice(2, 12).map((cuit, i) => send(i, account, "/v1/reports", { method: "POST", body: { cuit } })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(results.filter((r) => r.status === 402)).toHaveLength(8);
    const row = await invariants(account.id);
    expect(row.balance).toBe(0);
  });

  it("shares one rate-limit budget per account between the instances", async () => {
    const account = await newAccount("ultimate");
    const results = await Promise.all(Array.from({ length: 26 }, (_, i) => send(i, account, "/v1/balance")));
    expect(results.filter((r) => r.status === 200)).toHaveLength(20);
    const limited = results.filter((r) => r.status === 429);
    expect(limited).toHaveLength(6);
    for (const r of limited) {
      expect(r.body.error).toBe("rate_limited");
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    }
  });
});
