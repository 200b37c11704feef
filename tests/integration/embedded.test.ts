import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { embeddedSocket, startEmbedded, stopEmbedded } from "@/db/embedded";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");

/** ensureDatabase() in a separate process, as a second server or the CLI would run it. */
function childEnsureDatabase(dataDir: string): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" };
  delete env.DATABASE_URL;
  return new Promise((resolve, reject) =>
    execFile(TSX, ["tests/helpers/print-database-url.ts"], { cwd: ROOT, env, timeout: 90_000 }, (err, stdout, stderr) =>
      err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout.trim()),
    ),
  );
}

const portOf = (url: string) => new URL(url).port;

function postmasterPid(dataDir: string): number {
  return Number(fs.readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0]);
}

async function canQuery(url: string): Promise<boolean> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ one: number }[]>`select 1 as one`;
    return row.one === 1;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

const tempDirs: string[] = [];
afterAll(async () => {
  await stopEmbedded();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("embedded Postgres: one per DATA_DIR", () => {
  it("attaches to the one another process of the same DATA_DIR started, in this process and in a child", async () => {
    // With TEST_DATABASE_URL there is no embedded server yet: this process starts one, and the rest must attach.
    const dataDir = process.env.TEST_DATABASE_URL ? fs.mkdtempSync(path.join(os.tmpdir(), "legajo-embedded-")) : process.env.DATA_DIR!;
    if (process.env.TEST_DATABASE_URL) tempDirs.push(dataDir);
    const first = await startEmbedded(dataDir);
    const pid = postmasterPid(dataDir);

    const second = await startEmbedded(dataDir);
    expect(portOf(second)).toBe(portOf(first));
    const child = await childEnsureDatabase(dataDir);
    expect(portOf(child)).toBe(portOf(first));
    expect(postmasterPid(dataDir)).toBe(pid);
    expect(await canQuery(child)).toBe(true);

    if (!process.env.TEST_DATABASE_URL) {
      // The suite's own server is still in use by the process that started it: leaving must not stop it.
      expect(portOf(process.env.DATABASE_URL!)).toBe(portOf(first));
      await stopEmbedded();
      expect(await canQuery(process.env.DATABASE_URL!)).toBe(true);
      expect(postmasterPid(dataDir)).toBe(pid);
    }
  });

  it("starts a single server when two processes boot on an empty DATA_DIR at the same time", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "legajo-embedded-race-"));
    tempDirs.push(dataDir);
    const urls = await Promise.all([childEnsureDatabase(dataDir), childEnsureDatabase(dataDir)]);
    expect(portOf(urls[0])).toBe(portOf(urls[1]));
    const pid = postmasterPid(dataDir);
    expect(await canQuery(urls[0])).toBe(true);

    // Both starters have exited without leaving; the next process prunes their entries and, last out, stops it.
    const adopted = await startEmbedded(dataDir);
    expect(portOf(adopted)).toBe(portOf(urls[0]));
    await stopEmbedded();
    expect(() => process.kill(pid, 0)).toThrow();
    expect(fs.existsSync(path.join(dataDir, "pg", "postmaster.pid"))).toBe(false);
  });

  it("listens on a Unix socket inside its data dir, or only on TCP when the socket's path would be too long", async () => {
    const short = fs.mkdtempSync(path.join(os.tmpdir(), "legajo-socket-"));
    tempDirs.push(short);
    const url = await startEmbedded(short);
    const socket = embeddedSocket(short);
    expect(socket).toBe(path.join(short, "pg", `.s.PGSQL.${portOf(url)}`));
    const sql = postgres(url, { max: 1, onnotice: () => {}, path: socket });
    try {
      // A Unix-socket session has no client address.
      const [row] = await sql<{ addr: string | null }[]>`select inet_client_addr()::text as addr`;
      expect(row.addr).toBeNull();
    } finally {
      await sql.end({ timeout: 1 });
    }
    expect(await canQuery(url)).toBe(true);
    await stopEmbedded();

    const outer = fs.mkdtempSync(path.join(os.tmpdir(), "legajo-socket-"));
    tempDirs.push(outer);
    // Run as root, Postgres runs as its own user, which must be able to pass through every directory above its own.
    fs.chmodSync(outer, 0o711);
    const long = path.join(outer, "d".repeat(90));
    const tcpOnly = await startEmbedded(long);
    expect(embeddedSocket(long)).toBeUndefined();
    expect(await canQuery(tcpOnly)).toBe(true);
    await stopEmbedded();
  });
});

/** The operator CLI on its own DATA_DIR, with no server and no DATABASE_URL, as an operator runs it. */
function cliOn(dataDir: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", DEMO_CUITS: "200" };
  delete env.DATABASE_URL;
  return new Promise((resolve) =>
    execFile(TSX, ["lib/cli/main.ts", ...args], { cwd: ROOT, env, timeout: 120_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? (typeof err.code === "number" ? err.code : -1) : 0, stdout, stderr }),
    ),
  );
}

describe("operator CLI on an embedded DATA_DIR with no server", () => {
  it("runs commands started at once side by side, and the last one out stops the database they started", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "legajo-cli-race-"));
    tempDirs.push(dataDir);
    const runs = await Promise.all([
      cliOn(dataDir, ["account:create", "--email", "uno@example.test", "--plan", "pro"]),
      cliOn(dataDir, ["account:create", "--email", "dos@example.test", "--plan", "pro"]),
      cliOn(dataDir, ["source:list"]),
    ]);
    for (const r of runs) expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(runs[0].stdout + runs[1].stdout).not.toContain("CONNECTION_CLOSED");
    // Both accounts exist: a later run (which starts the database again) sees them.
    const again = await Promise.all([
      cliOn(dataDir, ["key:create", "--email", "uno@example.test"]),
      cliOn(dataDir, ["key:create", "--email", "dos@example.test"]),
    ]);
    for (const r of again) expect(r.code, r.stdout + r.stderr).toBe(0);
    // Nobody uses it any more: no postmaster is left behind.
    expect(fs.existsSync(path.join(dataDir, "pg", "postmaster.pid"))).toBe(false);
  });
});
