import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
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

/** `next build` into `distDir` (NEXT_DIST_DIR), unless a build is already there and `force` is false. */
export function buildNext(distDir: string, force = false): void {
  if (!force && fs.existsSync(path.join(ROOT, distDir, "BUILD_ID"))) return;
  const result = spawnSync(process.execPath, [NEXT_BIN, "build"], {
    cwd: ROOT,
    env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (result.status !== 0) throw new Error(`next build into ${distDir} failed (exit ${result.status})`);
}

export interface NextServer {
  child: ChildProcess;
  port: number;
  url: string;
  /** Everything the server wrote, stdout and stderr interleaved. */
  output(): string;
  /** Resolves with the exit code (or 128 + signal number) once the process has exited. */
  exited: Promise<number>;
}

const SIGNALS: Record<string, number> = { SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };

/**
 * Starts `next start` as a direct child (no npx in between, so a signal reaches Next itself) with `env` on top of
 * this process's environment.
 */
export function startNext(options: { distDir: string; port: number; env: Record<string, string> }): NextServer {
  const child = spawn(process.execPath, [NEXT_BIN, "start", "-p", String(options.port), "-H", "127.0.0.1"], {
    cwd: ROOT,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...options.env, NEXT_DIST_DIR: options.distDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr.on("data", (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number>((resolve) => {
    child.once("exit", (code, signal) => resolve(code ?? 128 + (SIGNALS[signal ?? ""] ?? 0)));
  });
  return { child, port: options.port, url: `http://127.0.0.1:${options.port}`, output: () => out, exited };
}

/** Polls `url` until it answers `status`; throws after `timeoutMs` or when the server exits first. */
export async function waitFor(server: NextServer, pathname: string, status = 200, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void server.exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error(`server exited before ${pathname} answered:\n${server.output()}`);
    try {
      const res = await fetch(`${server.url}${pathname}`, { signal: AbortSignal.timeout(5000) });
      await res.arrayBuffer();
      if (res.status === status) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${pathname} did not answer ${status} within ${timeoutMs} ms:\n${server.output()}`);
    await sleep(200);
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
