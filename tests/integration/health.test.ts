import { execFile } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { GET as healthz } from "@/app/healthz/route";
import { GET as readyz } from "@/app/readyz/route";
import { setLogger, createLogger } from "@/lib/log";
import { setRateLimiter, type RateLimitBackend } from "@/lib/ratelimit";
import { MemoryRateLimit } from "@/lib/ratelimit/memory";
import { redisTcpRateLimit } from "@/lib/ratelimit/redis-tcp";
import { getStorage, setStorage } from "@/lib/storage";

const run = promisify(execFile);
/** The store the app picks on its own from the environment of this run. */
const configuredStore = process.env.UPSTASH_REDIS_REST_URL ? "upstash" : process.env.REDIS_URL ? "redis" : "memory";
const configuredStorage = process.env.S3_BUCKET ? "s3" : "local";

/** Runs `code` (an ES module body, top-level await allowed) in a fresh Node process with the app's TS loader. */
async function inChild(code: string, env: Record<string, string>): Promise<string> {
  const { stdout } = await run(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], {
    cwd: process.cwd(),
    env: { ...process.env, LOG_LEVEL: "silent", ...env },
    timeout: 60_000,
  });
  return stdout.trim().split("\n").at(-1)!;
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

const probe = `
  const { GET } = await import("./app/readyz/route.ts");
  const res = await GET();
  console.log(JSON.stringify({ status: res.status, body: await res.json() }));
  process.exit(0);
`;

describe("GET /healthz", () => {
  it("answers 200 while the process is alive", async () => {
    const res = healthz();
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ status: "ok", uptime_seconds: expect.any(Number) });
  });

  it("does not depend on the database", async () => {
    const code = `
      const { GET } = await import("./app/healthz/route.ts");
      const res = GET();
      console.log(JSON.stringify({ status: res.status, body: await res.json() }));
    `;
    const out = JSON.parse(await inChild(code, { DATABASE_URL: `postgres://nobody@127.0.0.1:${await closedPort()}/none` }));
    expect(out).toMatchObject({ status: 200, body: { status: "ok" } });
  });
});

describe("GET /readyz", () => {
  let backend: RateLimitBackend | undefined;
  afterEach(async () => {
    setRateLimiter(null);
    setLogger(null);
    await backend?.close?.();
    backend = undefined;
  });

  it("answers 200 and reports each dependency when all answer", async () => {
    const res = await readyz();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: "ready",
      checks: {
        database: { ok: true, backend: "external", ms: expect.any(Number) },
        ratelimit: { ok: true, backend: configuredStore, ms: expect.any(Number) },
        storage: { ok: true, backend: configuredStorage, ms: expect.any(Number) },
      },
    });
  });

  it("answers 503 naming the rate-limit store when it cannot be reached", async () => {
    setLogger(createLogger({ write: () => {} }));
    backend = redisTcpRateLimit(`redis://127.0.0.1:${await closedPort()}`, { prefix: "legajo-test", timeoutMs: 300 });
    setRateLimiter(backend);
    const res = await readyz();
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body.status).toBe("not_ready");
    expect(body.checks.database.ok).toBe(true);
    expect(body.checks.ratelimit).toMatchObject({ ok: false, backend: "redis" });
    expect(body.checks.storage.ok).toBe(true);
  });

  it("runs one round of probes for all the calls of the same second", async () => {
    let pings = 0;
    const counting = new MemoryRateLimit();
    counting.ping = () => (pings++, Promise.resolve(true));
    setRateLimiter(counting);
    const answers = await Promise.all(Array.from({ length: 20 }, () => readyz()));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(pings).toBe(1);
  });

  it("answers 503 naming the storage when it cannot be reached", async () => {
    setLogger(createLogger({ write: () => {} }));
    const local = getStorage();
    setStorage({ ...local, kind: "s3", ping: () => Promise.reject(new Error("connect ECONNREFUSED 10.0.0.1:443")) });
    try {
      const res = await readyz();
      expect(res.status).toBe(503);
      const body = await res.json();
      expect(body.checks.storage).toEqual({ ok: false, backend: "s3", ms: expect.any(Number), error: "unreachable" });
      expect(JSON.stringify(body)).not.toContain("ECONNREFUSED");
      expect(body.checks.database.ok).toBe(true);
    } finally {
      setStorage(null);
    }
  });

  it("answers 503 naming the database when it cannot be reached, without exposing why", async () => {
    const out = JSON.parse(await inChild(probe, { DATABASE_URL: `postgres://nobody@127.0.0.1:${await closedPort()}/none` }));
    expect(out.status).toBe(503);
    expect(out.body).toEqual({
      status: "not_ready",
      checks: {
        database: { ok: false, backend: "external", ms: expect.any(Number), error: "unreachable" },
        ratelimit: { ok: true, backend: configuredStore, ms: expect.any(Number) },
        storage: { ok: true, backend: configuredStorage, ms: expect.any(Number) },
      },
    });
  });
});

describe("external database", () => {
  it("starts nothing embedded when DATABASE_URL is set: the same migrations and boot run against it", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "legajo-external-"));
    try {
      const code = `
        const { getSql } = await import("./db/client.ts");
        (await import("./lib/database-boot.ts")).installDatabase();
        const { usesEmbedded } = await import("./db/embedded.ts");
        const sql = await getSql();
        const [{ n }] = await sql\`select count(*)::int as n from drizzle.__drizzle_migrations\`;
        const [{ plans }] = await sql\`select count(*)::int as plans from plans\`;
        console.log(JSON.stringify({ migrations: n, plans, usesEmbedded: usesEmbedded() }));
        await sql.end();
      `;
      const out = JSON.parse(await inChild(code, { DATA_DIR: dataDir }));
      const journal = JSON.parse(fs.readFileSync("db/migrations/meta/_journal.json", "utf8")) as { entries: unknown[] };
      expect(out).toEqual({ migrations: journal.entries.length, plans: 6, usesEmbedded: false });
      expect(fs.existsSync(path.join(dataDir, "pg"))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });


  it("opens at most DATABASE_POOL_SIZE connections", async () => {
    const code = `
      const { getSql } = await import("./db/client.ts");
      (await import("./lib/database-boot.ts")).installDatabase();
      const sql = await getSql();
      const rows = await Promise.all(Array.from({ length: 12 }, () => sql\`select pg_backend_pid() as pid, pg_sleep(0.2)\`));
      console.log(JSON.stringify({ distinct: new Set(rows.map((r) => r[0].pid)).size }));
      await sql.end();
    `;
    expect(JSON.parse(await inChild(code, { DATABASE_POOL_SIZE: "3" }))).toEqual({ distinct: 3 });
    expect(JSON.parse(await inChild(code, { DATABASE_POOL_SIZE: "5" }))).toEqual({ distinct: 5 });
  });
});
