/**
 * Proves three start/stop behaviours of the production server (`next start`), and exits non-zero if one fails:
 *
 * 1. A wrong setting stops the start: exit code not 0 and one line naming the variable, nothing started.
 * 2. The database boots beside the server: while it cannot be reached the server answers /healthz, reports 503 on
 *    /readyz, and exits 1 when the boot gives up.
 * 3. SIGTERM is graceful: on a fresh DATA_DIR (embedded Postgres), a request still in flight when the signal
 *    arrives completes with its full response, new connections are refused meanwhile, the process exits, and no
 *    Postgres of that DATA_DIR is left running.
 *
 * The in-flight request is a real one: GET /readyz while the rate-limit store (REDIS_URL) is a TCP server that
 * accepts and never answers, so the handler is awaiting I/O for about two seconds when SIGTERM lands.
 *
 *   npx tsx scripts/check-shutdown.ts [--dist .next] [--rebuild]
 *
 * Builds into the dist dir first when it holds no build (or with --rebuild). CI runs it after its own build of
 * `.next`; a build into another dir makes Next add that dir's types to tsconfig.json.
 */
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { accepts, buildNext, freePort, isAlive, processesMentioning, sleep, startNext, type NextServer } from "./lib/next-process";

interface Check {
  name: string;
  ok: boolean;
  detail: Record<string, unknown>;
}

const args = process.argv.slice(2);
const distDir = args.includes("--dist") ? args[args.indexOf("--dist") + 1] : ".next";

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([promise, sleep(ms).then(() => Promise.reject(new Error(`${what}: no result within ${ms} ms`)))]);
}

async function badConfigurationStopsTheStart(): Promise<Check> {
  const dataDir = path.join(os.tmpdir(), `legajo-badconf-${process.pid}`);
  const server = await startNext({ distDir, env: { DATA_DIR: dataDir, DATABASE_URL: "mysql://db.example/legajo" } });
  try {
    const code = await withTimeout(server.exited, 60_000, "server with a wrong DATABASE_URL");
    const line = server.output().split("\n").find((l) => l.includes("Invalid configuration."));
    return {
      name: "a wrong DATABASE_URL stops next start",
      ok: code !== 0 && line === "Invalid configuration. DATABASE_URL: must be a postgres:// URL" && !fs.existsSync(path.join(dataDir, "pg")),
      detail: { exitCode: code, message: line ?? null, databaseStarted: fs.existsSync(path.join(dataDir, "pg")) },
    };
  } finally {
    if (server.child.exitCode === null) server.child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A TCP server that accepts connections and never answers. */
async function blackhole(): Promise<{ port: number; close(): void }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => void sockets.add(s));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

async function waitForBoot(server: NextServer, dataDir: string): Promise<number> {
  const pidFile = path.join(dataDir, "pg", "postmaster.pid");
  const deadline = Date.now() + 180_000;
  while (!(server.output().includes('"msg":"database ready"') && fs.existsSync(pidFile))) {
    if (server.child.exitCode !== null) throw new Error(`server exited during boot:\n${server.output()}`);
    if (Date.now() > deadline) throw new Error(`boot did not finish:\n${server.output()}`);
    await sleep(200);
  }
  return Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
}

async function sigtermIsGraceful(): Promise<Check> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "legajo-shutdown-"));
  const hole = await blackhole();
  const port = await freePort();
  const server = await startNext({
    distDir,
    port,
    env: { DATA_DIR: dataDir, REDIS_URL: `redis://127.0.0.1:${hole.port}`, RATE_LIMIT_TIMEOUT_MS: "10000", LOG_LEVEL: "info" },
  });
  let postmaster = 0;
  try {
    postmaster = await waitForBoot(server, dataDir);
    const ready = Date.now();
    while (!(await accepts(port))) {
      if (Date.now() - ready > 60_000) throw new Error("server never accepted connections");
      await sleep(100);
    }

    const started = performance.now();
    const inFlight = fetch(`http://127.0.0.1:${port}/readyz`).then(async (res) => ({
      status: res.status,
      body: (await res.json()) as { checks: Record<string, { ok: boolean; error?: string }> },
      ms: Math.round(performance.now() - started),
    }));
    await sleep(700);
    const signalledAt = Math.round(performance.now() - started);
    server.child.kill("SIGTERM");
    await sleep(300);
    const acceptsAfterSignal = await accepts(port);

    const response = await withTimeout(inFlight, 30_000, "the in-flight request");
    const exitCode = await withTimeout(server.exited, 30_000, "server exit after SIGTERM");
    const exitedAt = Math.round(performance.now() - started);

    const deadline = Date.now() + 15_000;
    while ((isAlive(postmaster) || processesMentioning(path.join(dataDir, "pg")).length) && Date.now() < deadline) await sleep(100);
    const leftovers = processesMentioning(path.join(dataDir, "pg"));

    const completed = response.status === 503 && response.body.checks.ratelimit?.error === "timeout" && response.body.checks.database?.ok === true;
    return {
      name: "SIGTERM drains in-flight requests and stops the embedded Postgres",
      ok: completed && response.ms > signalledAt && !acceptsAfterSignal && exitCode === 143 && !isAlive(postmaster) && leftovers.length === 0,
      detail: {
        inFlight: { status: response.status, checks: response.body.checks, completedAtMs: response.ms },
        sigtermAtMs: signalledAt,
        acceptsNewConnectionsAfterSigterm: acceptsAfterSignal,
        exitCode,
        exitedAtMs: exitedAt,
        postmasterPid: postmaster,
        postmasterAlive: isAlive(postmaster),
        postgresProcessesOfDataDir: leftovers,
      },
    };
  } finally {
    if (server.child.exitCode === null) server.child.kill("SIGKILL");
    if (postmaster && isAlive(postmaster)) process.kill(postmaster, "SIGINT");
    hole.close();
    await sleep(postmaster && isAlive(postmaster) ? 2000 : 0);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The database comes up beside the server, not before it. With a DATABASE_URL that accepts connections and never
 * answers, the server still listens: /healthz answers 200 and /readyz 503 for the database; once the connect times
 * out (postgres.js's 30 s), the process exits 1.
 */
async function databaseBootsBesideTheServer(): Promise<Check> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "legajo-slowdb-"));
  const hole = await blackhole();
  const port = await freePort();
  const started = performance.now();
  const server = await startNext({ distDir, port, env: { DATA_DIR: dataDir, DATABASE_URL: `postgres://legajo:x@127.0.0.1:${hole.port}/legajo` } });
  try {
    while (!(await accepts(port))) {
      if (server.child.exitCode !== null) throw new Error(`server exited before it listened:\n${server.output()}`);
      if (performance.now() - started > 60_000) throw new Error("server never accepted connections");
      await sleep(100);
    }
    const health = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.status);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(async (r) => ({
      status: r.status,
      database: ((await r.json()) as { checks: Record<string, { ok: boolean; error?: string }> }).checks.database,
    }));
    const listenedAtMs = Math.round(performance.now() - started);
    const exitCode = await withTimeout(server.exited, 90_000, "server with a database that never answers");
    return {
      name: "the server listens while its database boots, and exits 1 when the database cannot be reached",
      ok: health === 200 && ready.status === 503 && ready.database?.ok === false && exitCode === 1,
      detail: { healthz: health, readyz: ready, listenedAtMs, exitCode, exitedAtMs: Math.round(performance.now() - started) },
    };
  } finally {
    if (server.child.exitCode === null) server.child.kill("SIGKILL");
    hole.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  buildNext(distDir, args.includes("--rebuild"));
  const checks = [await badConfigurationStopsTheStart(), await databaseBootsBesideTheServer(), await sigtermIsGraceful()];
  process.stdout.write(`${JSON.stringify({ ok: checks.every((c) => c.ok), checks }, null, 2)}\n`);
  return checks.every((c) => c.ok) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
