import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { POLICIES, type PolicyName } from "@/lib/ratelimit/policies";
import { currentSnapshot } from "@/lib/sources/snapshots";
import { provisionAccounts, type ProvisionedAccount } from "./accounts";

interface PoolFile {
  accounts: Required<ProvisionedAccount>[];
  cuits: string[];
}

/** Units loaded on every bench account: 50,000 new reports, more than any number of runs will spend. */
const UNITS = 10_000_000;

/** Known CUITs of the loaded universe, in a stable pseudo-random order: targets of new reports and quotes. */
async function sampleCuits(db: Db, count: number): Promise<string[]> {
  const padron = await currentSnapshot(db, "identidad");
  if (!padron) throw new Error("no padrón loaded in this DATA_DIR");
  const rows = await db.execute<{ cuit: string }>(
    sql`select cuit from src_identidad where snapshot_id = ${padron.id} order by md5(cuit) limit ${count}`,
  );
  return rows.map((r) => r.cuit);
}

/**
 * The benchmark's population of clients: `count` Ultimate accounts with a key, plenty of purchased units and one
 * real report each, kept in DATA_DIR/bench-accounts.json (only the keys' hashes are in the database) so that later
 * runs reuse them. Grows the file when asked for more.
 */
export async function benchPool(db: Db, dataDir: string, count: number): Promise<PoolFile> {
  const file = path.join(dataDir, "bench-accounts.json");
  const pool: PoolFile = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as PoolFile) : { accounts: [], cuits: [] };
  if (pool.cuits.length === 0) pool.cuits = await sampleCuits(db, 50_000);
  const missing = count - pool.accounts.length;
  if (missing > 0) {
    const started = performance.now();
    process.stdout.write(`provisioning ${missing} accounts (key, ${UNITS.toLocaleString("en-US")} units, one report each)… `);
    const made = await provisionAccounts(db, missing, {
      plan: "ultimate",
      units: UNITS,
      reportCuits: pool.cuits.slice(0, 5_000).reverse(),
      onProgress: (n) => n % 500 === 0 && process.stdout.write(`${n} `),
    });
    pool.accounts.push(...(made as Required<ProvisionedAccount>[]));
    fs.writeFileSync(file, JSON.stringify(pool));
    console.log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  return { accounts: pool.accounts.slice(0, count), cuits: pool.cuits };
}

/**
 * Hands out accounts so that no account exceeds a policy's per-minute budget during the run, the way clients call:
 * `active` accounts at a time, each calling in turn (request i of a policy goes to the (i mod active)-th account of
 * the current group), and once each of them has made `limit` calls the next `active` accounts take over. A client
 * thus calls again about `active` requests later, never concurrently with itself while `active` exceeds the
 * connections, and within the cache's maximum age (lib/auth/caller-cache.ts) as a client in a session does. With
 * `active` equal to the number of accounts every call is a key's first in a long while. A policy is exhausted once
 * every account used its budget.
 */
export class Rotation {
  private readonly used = new Map<PolicyName, number>();
  readonly exhausted = new Set<PolicyName>();
  private readonly active: number;
  private readonly groups: number;

  constructor(
    private readonly accounts: Required<ProvisionedAccount>[],
    active = accounts.length,
  ) {
    if (!Number.isInteger(active) || active < 1) throw new Error(`--clients must be a whole number of at least 1, not ${active}`);
    this.active = Math.min(active, accounts.length);
    this.groups = Math.floor(accounts.length / this.active);
  }

  take(policy: PolicyName): Required<ProvisionedAccount> {
    const i = this.used.get(policy) ?? 0;
    this.used.set(policy, i + 1);
    const limit = Math.min(...POLICIES[policy].filter((r) => r.scope === "account").map((r) => r.limit));
    const turn = Math.floor(i / (this.active * limit));
    if (turn >= this.groups) this.exhausted.add(policy);
    return this.accounts[(turn % this.groups) * this.active + (i % this.active)];
  }

  /** How many requests of `policy` this run has sent. */
  count(policy: PolicyName): number {
    return this.used.get(policy) ?? 0;
  }
}

/**
 * Client addresses (TRUST_PROXY=true reads them from X-Forwarded-For): each account calls from an address of its
 * own, and anonymous calls rotate over `anonymous` addresses. Every per-IP limit is at least its per-account
 * counterpart (policies.ts), so the rotation that keeps accounts within their budgets keeps addresses within
 * theirs; the public catalog allows 1,200 a minute per address, which `anonymous` addresses spread far beyond
 * what two cores serve. A fixed population, like real clients, rather than a new address per request: the limiter
 * keeps a counter per address for two minutes, and millions of one-off addresses would measure that instead.
 */
export function addresses(anonymous = 2000): { of: (accountId: string) => string; next: () => string } {
  const cache = new Map<string, string>();
  const ip = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  let i = 0;
  return {
    of: (accountId) => {
      let a = cache.get(accountId);
      if (!a) cache.set(accountId, (a = ip(100_000 + cache.size)));
      return a;
    },
    next: () => ip((i = (i + 1) % anonymous)),
  };
}
