/**
 * The web server of the browser tests: a production build (`next build` into NEXT_DIST_DIR, default .next-e2e)
 * served by `next start` on a fresh temporary DATA_DIR, so every run boots an empty embedded Postgres and the
 * demo seed. On SIGTERM or SIGINT (Playwright stopping its webServer) it stops Next, then the embedded Postgres,
 * then deletes the data dir. E2E_SKIP_BUILD=1 reuses the previous build.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { dataDirPath } from "./database";
import { serverLogPath } from "./mail";

const port = process.env.E2E_PORT ?? "3210";
const distDir = process.env.NEXT_DIST_DIR ?? ".next-e2e";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "legajo-e2e-"));
// Where the tests find the server's database, to set up what no page can (tests/e2e/database.ts).
fs.writeFileSync(dataDirPath(port), dataDir);
const nextBin = path.join(process.cwd(), "node_modules", "next", "dist", "bin", "next");
/**
 * The app runs on its embedded defaults whatever the calling shell exports (CI exports an external database and
 * Redis for other suites): a fresh embedded Postgres, in-process rate limits, local files, and its own origin.
 */
const ISOLATE = ["DATABASE_URL", "TEST_DATABASE_URL", "REDIS_URL", "UPSTASH_REDIS_REST_URL", "UPSTASH_REDIS_REST_TOKEN", "APP_URL", "TRUSTED_ORIGINS", "NEXTAUTH_URL", "TRUST_PROXY", "S3_BUCKET", "S3_ENDPOINT"];
const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !ISOLATE.includes(k)));
const env = { ...inherited, NEXT_DIST_DIR: distDir, DATA_DIR: dataDir, PORT: port, NODE_ENV: "production" as const };

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function stopPostgres(dir: string): Promise<void> {
  const pidFile = path.join(dir, "pg", "postmaster.pid");
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!(pid > 0) || !alive(pid)) return;
  process.kill(pid, "SIGINT");
  for (let i = 0; i < 300 && alive(pid); i++) await sleep(50);
}

if (process.env.E2E_SKIP_BUILD !== "1") {
  // The build gets a data dir of its own: a page that touched the database while being prerendered must not
  // leave anything in the one the server is about to boot.
  const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), "legajo-e2e-build-"));
  const build = spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit", env: { ...env, DATA_DIR: buildDir } });
  await stopPostgres(buildDir);
  fs.rmSync(buildDir, { recursive: true, force: true });
  if (build.status !== 0) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(build.status ?? 1);
  }
}

// The app's stdout also goes to a file, where the tests read the e-mails it logs (tests/e2e/mail.ts).
const serverLog = fs.createWriteStream(serverLogPath(port), { flags: "w" });
const server = spawn(process.execPath, [nextBin, "start", "-H", "127.0.0.1", "-p", port], { stdio: ["inherit", "pipe", "inherit"], env });
server.stdout.on("data", (chunk: Buffer) => {
  process.stdout.write(chunk);
  serverLog.write(chunk);
});
let stopping: Promise<never> | undefined;

/** Stops Next, then Postgres, then deletes the data dir; every caller waits for the same single shutdown. */
function shutdown(code: number): Promise<never> {
  stopping ??= (async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill("SIGTERM");
    for (let i = 0; i < 200 && server.exitCode === null && server.signalCode === null; i++) await sleep(50);
    if (server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
    await stopPostgres(dataDir);
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(code);
  })();
  return stopping;
}

/**
 * Next keeps serving (with errors) when the database fails to boot, so Playwright would wait for its whole
 * webServer timeout. Polling here turns a boot that is not done in BOOT_TIMEOUT_S into an early, visible exit.
 */
async function awaitBoot(): Promise<void> {
  const deadline = Date.now() + Number(process.env.E2E_BOOT_TIMEOUT_S ?? 240) * 1000;
  while (Date.now() < deadline && !stopping) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/auth/csrf`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  if (!stopping) {
    console.error(`e2e server: the app did not become ready within the boot timeout; stopping.`);
    await shutdown(1);
  }
}

void awaitBoot();
process.on("SIGTERM", () => void shutdown(0));
process.on("SIGINT", () => void shutdown(0));
server.on("exit", (code) => void shutdown(code ?? 1));
