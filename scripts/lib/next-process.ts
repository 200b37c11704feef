import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** The repository root (scripts/lib/..). */
export const ROOT = path.resolve(import.meta.dirname, "..", "..");
const NEXT_BIN = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/**
 * `next build` into `distDir` (NEXT_DIST_DIR), unless a build is already there and `force` is false. The build's
 * route types are removed afterwards and next-env.d.ts is put back as it was: tsconfig.json includes
 * `<distDir>/types`, and types generated for the routes of one checkout would fail the type check of the next.
 */
export function buildNext(distDir: string, force = false): void {
  if (!force && fs.existsSync(path.join(ROOT, distDir, "BUILD_ID"))) return;
  console.log(`building into ${distDir} (next build)…`);
  const nextEnv = path.join(ROOT, "next-env.d.ts");
  const before = fs.existsSync(nextEnv) ? fs.readFileSync(nextEnv, "utf8") : null;
  try {
    const result = spawnSync(process.execPath, [NEXT_BIN, "build"], {
      cwd: ROOT,
      env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" },
      stdio: ["ignore", "inherit", "inherit"],
    });
    if (result.status !== 0) throw new Error(`next build into ${distDir} failed (exit ${result.status})`);
  } finally {
    fs.rmSync(path.join(ROOT, distDir, "types"), { recursive: true, force: true });
    if (before !== null) fs.writeFileSync(nextEnv, before);
  }
}

/** Variables of ours that the caller's environment must not leak into a server started here. */
export const CLEAN_ENV: Record<string, string> = {
  DATABASE_URL: "",
  REDIS_URL: "",
  UPSTASH_REDIS_REST_URL: "",
  UPSTASH_REDIS_REST_TOKEN: "",
  S3_BUCKET: "",
  ENGINE_FAULTS: "",
  APP_URL: "",
  NEXT_MANUAL_SIG_HANDLE: "",
};

export interface NextServer {
  child: ChildProcess;
  pid: number;
  port: number;
  url: string;
  logFile: string;
  /** Resolves with the exit code (or 128 + signal number) once the process has exited. */
  exited: Promise<number>;
  alive(): boolean;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves with the exit code once the process is gone. */
  stop(graceMs?: number): Promise<number>;
  /** Everything the server wrote so far, stdout and stderr interleaved. */
  output(): string;
  /** The last `lines` lines of the output. */
  tail(lines?: number): string;
}

const SIGNALS: Record<string, number> = { SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };

/**
 * `next start` of `distDir` as a direct child (no npx in between, so a signal reaches Next itself), on a clean
 * environment (CLEAN_ENV) with `env` on top. Its output is appended to `logFile` (a temporary file by default)
 * rather than kept in memory: at thousands of requests a second the request log would otherwise cost the process
 * that started it as much as the server.
 */
export async function startNext(options: {
  distDir: string;
  env: Record<string, string>;
  port?: number;
  logFile?: string;
  /** Flags for node itself, before Next's entry point (for example --cpu-prof, refused in NODE_OPTIONS). */
  nodeArgs?: string[];
}): Promise<NextServer> {
  const port = options.port ?? (await freePort());
  const logFile = options.logFile ?? path.join(os.tmpdir(), `legajo-next-${process.pid}-${port}.log`);
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const fd = fs.openSync(logFile, "a");
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), NEXT_BIN, "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: ROOT,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...CLEAN_ENV, ...options.env, NEXT_DIST_DIR: options.distDir },
    stdio: ["ignore", fd, fd],
  });
  fs.closeSync(fd);
  let code: number | null = null;
  const exited = new Promise<number>((resolve) => {
    child.once("exit", (c, signal) => resolve((code = c ?? 128 + (SIGNALS[signal ?? ""] ?? 0))));
  });
  const output = () => {
    try {
      return fs.readFileSync(logFile, "utf8");
    } catch {
      return "";
    }
  };
  return {
    child,
    pid: child.pid!,
    port,
    url: `http://127.0.0.1:${port}`,
    logFile,
    exited,
    alive: () => code === null,
    output,
    tail: (lines = 30) => output().trimEnd().split("\n").slice(-lines).join("\n"),
    async stop(graceMs = 15_000) {
      if (code !== null) return code;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}

/** Polls `pathname` until it answers `status`; throws after `timeoutMs` or when the server exits first. */
export async function waitFor(server: NextServer, pathname: string, status = 200, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!server.alive()) throw new Error(`server exited before ${pathname} answered:\n${server.tail()}`);
    try {
      const res = await fetch(`${server.url}${pathname}`, { signal: AbortSignal.timeout(5000) });
      await res.arrayBuffer();
      if (res.status === status) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${pathname} did not answer ${status} within ${timeoutMs} ms:\n${server.tail()}`);
    await sleep(50);
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Pids of running processes whose command line mentions `needle` (Linux /proc). */
export function processesMentioning(needle: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").join(" ");
      if (cmdline.includes(needle)) pids.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return pids;
}

/** Can a TCP connection be opened to the port right now? */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.setTimeout(1000);
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => (socket.destroy(), resolve(false)));
  });
}
