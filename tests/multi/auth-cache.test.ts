import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddedUrl } from "@/db/embedded";
import { startNext, waitFor, type NextServer } from "@/scripts/lib/next-process";

/**
 * Two `next start` instances of one build on one PostgreSQL, each caching verified keys and account gates
 * (lib/auth/caller-cache.ts): a change made through any door (plain SQL, the CLI) must reach both within a second.
 * Twice: on the external PostgreSQL of PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres, skipped
 * when it does not answer), and on the default setup, the embedded Postgres of a DATA_DIR the two share.
 *
 *   npm run build && npx vitest run --project multi tests/multi/auth-cache.test.ts
 */
const adminUrl = process.env.PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const distDir = process.env.NEXT_DIST_DIR ?? ".next";
const execFileAsync = promisify(execFile);
const WITHIN_MS = 1000;

/** A free port in 3500-3599 (the range this project's multi-instance tests use), from a random start. */
async function freePort(): Promise<number> {
  const start = Math.floor(Math.random() * 100);
  for (let i = 0; i < 100; i++) {
    const port = 3500 + ((start + i) % 100);
    const free = await new Promise<boolean>((resolve) => {
      const srv = net.createServer();
      srv.once("error", () => resolve(false));
      srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error("no free port in 3500-3599");
}

async function externalAvailable(): Promise<boolean> {
  const sql = postgres(adminUrl, { max: 1, connect_timeout: 2, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

interface Setup {
  servers: NextServer[];
  sql: postgres.Sql;
  cli: (args: string[]) => Promise<Record<string, unknown>>;
  teardown: () => Promise<void>;
}

async function start(mode: "external" | "embedded"): Promise<Setup> {
  if (!fs.existsSync(path.join(distDir, "BUILD_ID"))) throw new Error(`no build in ${distDir}: run npm run build first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `legajo-multi-cache-${mode}-`));
  let admin: postgres.Sql | undefined;
  let dbUrl = "";
  const dbName = `legajo_cache_${Date.now()}_${process.pid}`;
  if (mode === "external") {
    admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${dbName}`);
    dbUrl = `${adminUrl.slice(0, adminUrl.lastIndexOf("/"))}/${dbName}`;
  }
  const env = {
    ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
    SEED_DEMO: "false",
    DATA_DIR: dataDir,
    NEXTAUTH_SECRET: randomUUID() + randomUUID(),
    LOG_LEVEL: "warn",
  };
  const servers: NextServer[] = [];
  // One after the other on the embedded path: the first starts the postmaster, the second attaches to it.
  for (let i = 0; i < 2; i++) {
    const s = await startNext({ distDir, port: await freePort(), env });
    servers.push(s);
    await waitFor(s, "/readyz", 200, 180_000);
  }
  if (!dbUrl) {
    const port = Number(fs.readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[3]);
    dbUrl = embeddedUrl(port);
  }
  const sql = postgres(dbUrl, { max: 2, onnotice: () => {} });
  const cli = async (args: string[]) => {
    const { stdout } = await execFileAsync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "lib/cli/main.ts", ...args], {
      env: { ...process.env, DATABASE_URL: mode === "external" ? dbUrl : "", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
      encoding: "utf8",
    });
    return JSON.parse(stdout) as Record<string, unknown>;
  };
  const teardown = async () => {
    // The second instance first: on the embedded path the first owns the postmaster and stops it on its way out.
    for (const s of [...servers].reverse()) await s.stop();
    await sql.end({ timeout: 5 });
    if (admin) {
      await admin.unsafe(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { servers, sql, cli, teardown };
}

/** GET /v1/balance with the key on one instance: its status. */
async function status(server: NextServer, key: string): Promise<number> {
  const res = await fetch(`${server.url}/v1/balance`, { headers: { authorization: `Bearer ${key}` } });
  await res.arrayBuffer();
  return res.status;
}

/**
 * Polls every instance until each answers `wanted` (a 429 means the key still authenticated): the milliseconds
 * each took from `since`.
 */
async function allAnswer(servers: NextServer[], key: string, wanted: number, since: number): Promise<number[]> {
  return Promise.all(
    servers.map(async (s) => {
      for (;;) {
        const st = await status(s, key);
        const ms = performance.now() - since;
        if (st === wanted) return ms;
        if (ms > 5000) throw new Error(`${s.url} still answers ${st}, not ${wanted}, after ${Math.round(ms)} ms`);
        await new Promise((r) => setTimeout(r, 10));
      }
    }),
  );
}

for (const mode of ["external", "embedded"] as const) {
  describe(`two instances caching verified callers, ${mode} PostgreSQL`, () => {
    let setup: Setup | undefined;
    let skip = false;

    beforeAll(async () => {
      if (mode === "external" && !(await externalAvailable())) {
        skip = true;
        return;
      }
      setup = await start(mode);
    }, 300_000);

    afterAll(async () => {
      await setup?.teardown();
    }, 60_000);

    async function account(): Promise<{ id: string; email: string; key: string; keyId: string }> {
      const email = `cache-${randomUUID()}@example.test`;
      const created = await setup!.cli(["account:create", "--email", email, "--plan", "ultimate"]);
      const { key, id } = await setup!.cli(["key:create", "--email", email]);
      return { id: created.account_id as string, email, key: key as string, keyId: id as string };
    }

    it("answers a key revoked with plain SQL with 401 on both instances within a second", async (ctx) => {
      if (skip) return ctx.skip();
      const a = await account();
      // Both verify the key (and cache it), twice each.
      for (let i = 0; i < 2; i++) for (const s of setup!.servers) expect(await status(s, a.key)).toBe(200);
      // Each instance opened one LISTEN connection of its own with its first authenticated request.
      const listeners = async () =>
        (await setup!.sql<{ n: number }[]>`
          select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'legajo-listen'`)[0].n;
      for (let i = 0; i < 100 && (await listeners()) < 2; i++) await new Promise((r) => setTimeout(r, 20));
      expect(await listeners()).toBe(2);
      const since = performance.now();
      await setup!.sql`update api_keys set revoked_at = now() where id = ${a.keyId}`;
      const took = await allAnswer(setup!.servers, a.key, 401, since);
      console.log(`[${mode}] revoked key refused after ${took.map((ms) => `${ms.toFixed(0)} ms`).join(" and ")}`);
      for (const ms of took) expect(ms).toBeLessThan(WITHIN_MS);
    });

    it("answers 403 account_suspended on both instances within a second of the CLI's suspension, and 200 after reactivation", async (ctx) => {
      if (skip) return ctx.skip();
      const a = await account();
      for (const s of setup!.servers) expect(await status(s, a.key)).toBe(200);
      let since = performance.now();
      await setup!.sql`update accounts set suspended = true where id = ${a.id}`;
      const suspended = await allAnswer(setup!.servers, a.key, 403, since);
      // The CLI is another door: its change reaches the instances the same way.
      await setup!.cli(["account:unsuspend", "--email", a.email]);
      since = performance.now();
      const back = await allAnswer(setup!.servers, a.key, 200, since);
      await setup!.cli(["account:suspend", "--email", a.email]);
      since = performance.now();
      const again = await allAnswer(setup!.servers, a.key, 403, since);
      console.log(`[${mode}] suspension seen after ${suspended.map((ms) => ms.toFixed(0)).join("/")} ms; via the CLI ${again.map((ms) => ms.toFixed(0)).join("/")} ms`);
      for (const ms of [...suspended, ...again]) expect(ms).toBeLessThan(WITHIN_MS);
      expect(back.every((ms) => ms < WITHIN_MS)).toBe(true);
    });

    it("takes a plan change (account and plan row) on both instances within a second", async (ctx) => {
      if (skip) return ctx.skip();
      const a = await account();
      for (const s of setup!.servers) expect(await status(s, a.key)).toBe(200);
      // Pro has no REST API channel: 403 channel_disabled.
      let since = performance.now();
      await setup!.sql`update accounts set plan_tier = 'pro' where id = ${a.id}`;
      const moved = await allAnswer(setup!.servers, a.key, 403, since);
      since = performance.now();
      await setup!.sql`update plans set api_rest_enabled = true where tier = 'pro'`;
      const opened = await allAnswer(setup!.servers, a.key, 200, since);
      await setup!.sql`update plans set api_rest_enabled = false where tier = 'pro'`;
      for (const ms of [...moved, ...opened]) expect(ms).toBeLessThan(WITHIN_MS);
    });
  });
}
