import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ENV_NAMES, EnvError, parseEnv } from "@/lib/env";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");

/** A process environment with nothing of ours in it, plus `vars`. */
function cleanEnv(vars: Record<string, string>): NodeJS.ProcessEnv {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !ENV_NAMES.includes(k)));
  return { ...base, ...vars } as NodeJS.ProcessEnv;
}

async function spawnNode(args: string[], vars: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", ...args], { cwd: root, env: cleanEnv(vars), timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

const bootScript = ["--input-type=module", "-e", 'const { boot } = await import("./lib/boot.ts"); await boot(); console.log("booted");'];

// Each case spawns a Node process that loads the app's TypeScript: seconds on a busy machine, not milliseconds.
describe("a wrong setting stops the start", { timeout: 60_000 }, () => {
  it.each([
    ["DATABASE_URL", "mysql://db.example/legajo"],
    ["REDIS_URL", "localhost:6379"],
    ["DATABASE_POOL_SIZE", "0"],
    ["RATE_LIMIT_TIMEOUT_MS", "soon"],
  ])("server boot with %s=%s exits 1 with one line naming it", async (name, value) => {
    const out = await spawnNode(bootScript, { [name]: value, DATA_DIR: "/nonexistent/never-created" });
    expect(out.code).toBe(1);
    expect(out.stdout).not.toContain("booted");
    const lines = out.stderr.trim().split("\n").filter((l) => !l.startsWith("npm warn"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Invalid configuration\\. ${name}: `));
    // Nothing was started: the data dir was never created.
    expect(fs.existsSync("/nonexistent/never-created")).toBe(false);
  });

  it("the operator CLI prints the error as its one JSON object and exits 1", async () => {
    const out = await spawnNode(["lib/cli/main.ts", "account:suspend", "--email", "a@example.test"], { TRUST_PROXY: "maybe" });
    expect(out.code).toBe(1);
    expect(JSON.parse(out.stdout)).toEqual({ error: "invalid_configuration", message: expect.stringMatching(/^Invalid configuration\. TRUST_PROXY: /) });
    expect(out.stderr).not.toMatch(/at \S+ \(/); // no stack trace
  });
});

describe("scale-out settings", () => {
  const errorOf = (source: Record<string, string>) => {
    try {
      parseEnv(source);
    } catch (e) {
      if (e instanceof EnvError) return e.message;
      throw e;
    }
    throw new Error("accepted");
  };

  it("defaults to the embedded database, the in-process limiter and a 500 ms store timeout", () => {
    expect(parseEnv({})).toMatchObject({ DATABASE_POOL_SIZE: 10, RATE_LIMIT_TIMEOUT_MS: 500, RATE_LIMIT_PREFIX: "legajo" });
  });

  it("refuses two rate-limit stores at once", () => {
    expect(errorOf({ REDIS_URL: "redis://r:6379", UPSTASH_REDIS_REST_URL: "https://x.upstash.io", UPSTASH_REDIS_REST_TOKEN: "t" })).toContain(
      "REDIS_URL: set either REDIS_URL or UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN, not both",
    );
  });

  it.each([
    ["UPSTASH_REDIS_REST_URL", "redis://x.upstash.io", { UPSTASH_REDIS_REST_TOKEN: "t" }],
    ["RATE_LIMIT_PREFIX", "has spaces", {}],
    ["RATE_LIMIT_TIMEOUT_MS", "0", {}],
  ])("names a wrong %s", (name, value, rest) => {
    expect(errorOf({ [name]: value, ...rest })).toMatch(new RegExp(`\\. ${name}: `));
  });

  it("accepts rediss:// and an http:// Upstash emulator", () => {
    expect(parseEnv({ REDIS_URL: "rediss://:pw@cache.example:6380" }).REDIS_URL).toBe("rediss://:pw@cache.example:6380");
    expect(parseEnv({ UPSTASH_REDIS_REST_URL: "http://localhost:8079", UPSTASH_REDIS_REST_TOKEN: "t" }).UPSTASH_REDIS_REST_URL).toBe("http://localhost:8079");
  });
});

describe("every variable is declared and documented", () => {
  /**
   * Read by Next.js itself (PORT, which lib/boot-banner.ts also reads to print the address), or set by the app for
   * next-auth; documented, not validated by lib/env.ts.
   */
  const FRAMEWORK = ["NEXT_RUNTIME", "NEXT_DIST_DIR", "NEXTAUTH_URL", "AUTH_TRUST_HOST", "PORT"];

  function sourceFiles(dir: string): string[] {
    return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((d) => {
      const rel = path.join(dir, d.name);
      if (d.isDirectory()) return sourceFiles(rel);
      return /\.(ts|tsx|mjs)$/.test(d.name) ? [rel] : [];
    });
  }

  it("the app reads no environment variable that lib/env.ts does not validate", () => {
    const files = [...["app", "lib", "db", "components"].filter((d) => fs.existsSync(path.join(root, d))).flatMap(sourceFiles), "instrumentation.ts", "next.config.ts"];
    const read = new Set<string>();
    for (const file of files) {
      if (file === path.join("lib", "env.ts")) continue;
      const text = fs.readFileSync(path.join(root, file), "utf8");
      for (const m of text.matchAll(/process\.env(?:\.([A-Z_][A-Z0-9_]*)|\[["']([A-Z_][A-Z0-9_]*)["']\])/g)) read.add(m[1] ?? m[2]);
    }
    const undeclared = [...read].filter((name) => !ENV_NAMES.includes(name) && !FRAMEWORK.includes(name));
    expect(undeclared).toEqual([]);
  });

  it("the README's configuration table has a row for every variable", () => {
    const doc = fs.readFileSync(path.join(root, "README.md"), "utf8");
    const rows = new Set([...doc.matchAll(/^\| `([A-Z_][A-Z0-9_]*)` \|/gm)].map((m) => m[1]));
    expect(ENV_NAMES.filter((n) => !rows.has(n))).toEqual([]);
    expect(FRAMEWORK.filter((n) => n !== "NEXT_RUNTIME" && !rows.has(n))).toEqual([]);
  });
});
