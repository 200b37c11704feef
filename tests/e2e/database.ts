import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { embeddedUrl } from "../../db/embedded";

/** Where the e2e server (server.ts) writes the DATA_DIR it booted, so a test can reach its embedded Postgres. */
export const dataDirPath = (port = process.env.E2E_PORT ?? "3210"): string => path.join(os.tmpdir(), `legajo-e2e-${port}-data-dir`);

/**
 * Runs `act` against the e2e server's own database, for the few states no page reaches in a test's time (a month's
 * quota already spent). The port is the embedded Postgres's own record of it (`postmaster.pid`, line 4).
 */
export async function withServerDb<T>(act: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const dataDir = fs.readFileSync(dataDirPath(), "utf8").trim();
  const port = Number(fs.readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[3]);
  const sql = postgres(embeddedUrl(port), { max: 1, onnotice: () => {} });
  try {
    return await act(sql);
  } finally {
    await sql.end();
  }
}
