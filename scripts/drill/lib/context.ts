import path from "node:path";
import type { Db } from "@/db/client";
import type { DemoOutcomes } from "@/lib/sources/demo/outcomes";
import { provisionAccounts, type ProvisionOptions, type ProvisionedAccount } from "@/bench/lib/accounts";
import { startNext, waitFor, type NextServer } from "@/scripts/lib/next-process";

export interface Check {
  name: string;
  ok: boolean;
  detail?: string;
}

/** What one drill checked, printed as it goes. */
export class Report {
  readonly checks: Check[] = [];

  constructor(readonly drill: string) {}

  check(name: string, ok: boolean, detail?: string): boolean {
    this.checks.push({ name, ok, detail });
    console.log(`  ${ok ? "ok  " : "FAIL"}  ${name}${detail ? `  (${detail})` : ""}`);
    return ok;
  }

  note(text: string): void {
    console.log(`        ${text}`);
  }

  get failed(): number {
    return this.checks.filter((c) => !c.ok).length;
  }
}

export interface DrillContext {
  db: Db;
  dataDir: string;
  distDir: string;
  /** The server the drills share: `next start` on the DATA_DIR, TRUST_PROXY=true. */
  server: NextServer;
  /** Demo CUITs by the outcome of their report. */
  cuits: DemoOutcomes;
  /** A client address no other request of the run used (TRUST_PROXY=true takes it from X-Forwarded-For). */
  ip(): string;
  /** Another `next start` on the same DATA_DIR and database, with `env` on top, ready to serve. */
  startServer(name: string, env?: Record<string, string>): Promise<NextServer>;
  accounts(count: number, options?: ProvisionOptions): Promise<ProvisionedAccount[]>;
}

export interface Drill {
  name: string;
  summary: string;
  run(ctx: DrillContext, report: Report): Promise<void>;
}

export function serverStarter(dataDir: string, distDir: string, servers: NextServer[]) {
  return async (name: string, env: Record<string, string> = {}): Promise<NextServer> => {
    const server = await startNext({
      distDir,
      logFile: path.join(dataDir, `server-${name}.log`),
      env: { DATA_DIR: dataDir, TRUST_PROXY: "true", ...env },
    });
    servers.push(server);
    await waitFor(server, "/readyz", 200, 120_000);
    return server;
  };
}

export function addressSource(): () => string {
  let n = 0;
  return () => {
    n += 1;
    return `10.${100 + ((n >> 16) & 127)}.${(n >> 8) & 255}.${n & 255}`;
  };
}

export const accountMaker = (db: Db) => (count: number, options?: ProvisionOptions) => provisionAccounts(db, count, options);
