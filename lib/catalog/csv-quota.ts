import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { csvDownloadUsage } from "@/db/schema";
import { localMonth } from "@/lib/clock";

/** An account's CSV downloads in one Buenos Aires month: `monthly` null is unlimited, 0 is not included. */
export interface CsvQuota {
  period: string;
  monthly: number | null;
  used: number;
  /** Null when unlimited. */
  left: number | null;
}

export type CsvTake = { ok: boolean; quota: CsvQuota };

const shape = (period: string, monthly: number | null, used: number): CsvQuota => ({
  period,
  monthly,
  used,
  left: monthly === null ? null : Math.max(0, monthly - used),
});

/** Downloads counted so far in the month of `at`. */
async function used(db: DbOrTx, accountId: string, period: string): Promise<number> {
  const [row] = await db
    .select({ downloads: csvDownloadUsage.downloads })
    .from(csvDownloadUsage)
    .where(and(eq(csvDownloadUsage.accountId, accountId), eq(csvDownloadUsage.period, period)));
  return row?.downloads ?? 0;
}

/** The account's CSV quota for the month of `at`, without spending any. */
export async function csvQuota(db: DbOrTx, accountId: string, monthly: number | null, at: Date): Promise<CsvQuota> {
  const period = localMonth(at);
  return shape(period, monthly, await used(db, accountId, period));
}

/**
 * Counts one CSV download for the account in the Buenos Aires month of `at`, if the quota has room. One statement:
 * the upsert locks the month's row and re-checks `downloads < quota` on its latest version, so however many
 * downloads race, the count stops exactly at the quota and every one past it is refused. A quota of 0 writes
 * nothing; an unlimited one still counts, so the history shows the use.
 */
export async function takeCsvDownload(db: DbOrTx, accountId: string, monthly: number | null, at: Date): Promise<CsvTake> {
  const period = localMonth(at);
  if (monthly !== null && monthly <= 0) return { ok: false, quota: shape(period, monthly, await used(db, accountId, period)) };
  const [row] = await db
    .insert(csvDownloadUsage)
    .values({ accountId, period, downloads: 1, updatedAt: at })
    .onConflictDoUpdate({
      target: [csvDownloadUsage.accountId, csvDownloadUsage.period],
      set: { downloads: sql`${csvDownloadUsage.downloads} + 1`, updatedAt: at },
      setWhere: monthly === null ? undefined : sql`${csvDownloadUsage.downloads} < ${monthly}`,
    })
    .returning({ downloads: csvDownloadUsage.downloads });
  if (row) return { ok: true, quota: shape(period, monthly, row.downloads) };
  return { ok: false, quota: shape(period, monthly, await used(db, accountId, period)) };
}
