import { execFile } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON (undefined when it is not exactly one JSON value). */
  json: any;
}

/**
 * Runs the operator CLI as a child process against the test database (DATABASE_URL and DATA_DIR of this worker),
 * the way an operator runs `npm run --silent admin -- <args>`.
 */
export function runCli(args: string[], env: Record<string, string | undefined> = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    execFile(
      TSX,
      ["lib/cli/main.ts", ...args],
      { cwd: ROOT, env: { ...process.env, LOG_LEVEL: "warn", ...env }, timeout: 60_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === "number" ? err.code : -1) : 0;
        if (err && code === -1) return reject(new Error(`CLI did not run: ${err.message}\n${stderr}`));
        let json: unknown;
        try {
          json = JSON.parse(stdout);
        } catch {
          json = undefined;
        }
        resolve({ code, stdout, stderr, json });
      },
    );
  });
}
