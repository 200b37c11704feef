import { execFile } from "node:child_process";
import { CLEAN_ENV, ROOT } from "./next-process";

/**
 * `npm run --silent admin -- <args>` on `dataDir`, as an operator types it beside a running server (the CLI
 * attaches to the server's embedded Postgres). Resolves with the one JSON object it prints, typed by the caller;
 * rejects when it exits non-zero.
 */
export function admin<Output = Record<string, unknown>>(dataDir: string, args: string[]): Promise<Output> {
  return new Promise((resolve, reject) => {
    execFile(
      "npm",
      ["run", "--silent", "admin", "--", ...args],
      { cwd: ROOT, env: { ...process.env, ...CLEAN_ENV, DATA_DIR: dataDir, LOG_LEVEL: "warn" }, timeout: 120_000 },
      (err, stdout, stderr) => {
        if (err) return reject(new Error(`admin ${args.join(" ")} failed: ${stdout.trim() || err.message}\n${stderr.trim()}`));
        try {
          resolve(JSON.parse(stdout) as Output);
        } catch {
          reject(new Error(`admin ${args.join(" ")} printed no JSON: ${stdout}`));
        }
      },
    );
  });
}
