import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, defineConfig, devices } from "@playwright/test";

const port = process.env.E2E_PORT ?? "3210";
const baseURL = `http://127.0.0.1:${port}`;

/** Playwright's own Chromium when it was downloaded; otherwise the distribution's (Debian: apt-get install chromium). */
function browserLaunch() {
  let bundled: string | undefined;
  try {
    bundled = chromium.executablePath();
  } catch {
    bundled = undefined;
  }
  if (bundled && fs.existsSync(bundled)) return {};
  const system = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => p && fs.existsSync(p));
  if (!system) throw new Error("No Chromium found: run `npx playwright install chromium` or `apt-get install -y chromium`.");
  // A private, throw-away profile home: the system browser must not read or write the user's real one.
  const home = path.join(os.tmpdir(), "legajo-e2e-browser-home");
  fs.mkdirSync(home, { recursive: true });
  return {
    executablePath: system,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
    env: { ...process.env, HOME: home, XDG_CONFIG_HOME: path.join(home, ".config"), XDG_CACHE_HOME: path.join(home, ".cache") },
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: process.env.CI ? 1 : 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  use: {
    baseURL,
    locale: "es-AR",
    timezoneId: "America/Argentina/Buenos_Aires",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions: browserLaunch() },
    },
  ],
  webServer: {
    command: "node --import tsx tests/e2e/server.ts",
    url: `${baseURL}/api/auth/csrf`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 30_000 },
    env: { E2E_PORT: port, LOG_LEVEL: process.env.LOG_LEVEL ?? "warn", DEMO_CUITS: process.env.DEMO_CUITS ?? "300" },
  },
});
