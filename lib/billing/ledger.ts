import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { ledgerEntries, type LedgerEntry } from "@/db/schema";
import { localDay, now, startOfLocalDay } from "@/lib/clock";
import { pageWindow } from "@/lib/paging";

export const LEDGER_PAGE_SIZE = 20;

/** An account's ledger, newest first, one page at a time. */
export async function ledgerPage(db: DbOrTx, accountId: string, page: number): Promise<{ items: LedgerEntry[]; hasMore: boolean }> {
  const w = pageWindow(page, LEDGER_PAGE_SIZE);
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, accountId))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(w.limit)
    .offset(w.offset);
  return w.slice(rows);
}

export interface DailyUsage {
  /** Local calendar day in Buenos Aires, YYYY-MM-DD. */
  day: string;
  units: number;
}

const DAY_MS = 86_400_000;

/**
 * Units spent on reports per local day over the last `days` days (today included), zeros filled in, oldest
 * first. Buenos Aires has no daylight saving, so a day is always 24 hours.
 */
export async function usagePerDay(db: DbOrTx, accountId: string, days = 90): Promise<DailyUsage[]> {
  const today = localDay(now());
  const first = new Date(startOfLocalDay(today).getTime() - (days - 1) * DAY_MS);
  const dayExpr = sql<string>`to_char(${ledgerEntries.createdAt} at time zone 'America/Argentina/Buenos_Aires', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day: dayExpr, units: sql<number>`(-sum(${ledgerEntries.delta}))::int` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.accountId, accountId), eq(ledgerEntries.kind, "report_debit"), gte(ledgerEntries.createdAt, first)))
    .groupBy(dayExpr);
  const byDay = new Map(rows.map((r) => [r.day, r.units]));
  return Array.from({ length: days }, (_, i) => {
    const day = localDay(new Date(first.getTime() + i * DAY_MS + DAY_MS / 2));
    return { day, units: byDay.get(day) ?? 0 };
  });
}
