import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { accounts, planTierEnum } from "./accounts";

/**
 * Web CSV downloads per account and Buenos Aires calendar month, against the plan's `csv_downloads_monthly`. One
 * row per (account, month), raised by one conditional upsert (lib/catalog/csv-quota.ts), so concurrent downloads can
 * never count past the quota; old rows are the usage history.
 */
export const csvDownloadUsage = pgTable(
  "csv_download_usage",
  {
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    /** Calendar month (YYYY-MM, Buenos Aires time), as `balances.cupo_period`. */
    period: text().notNull(),
    downloads: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.period] }), check("csv_download_usage_non_negative", sql`${t.downloads} >= 0`)],
);

/**
 * A customer asking for a paid plan from the plans pages. Plan changes stay an admin's act (spec: `account:plan`,
 * the admin console); this is the request sales reads and answers (`handledAt`).
 */
export const planRequests = pgTable(
  "plan_requests",
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    /** The plan the account was on when it asked. */
    fromTier: planTierEnum().notNull(),
    requestedTier: planTierEnum().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.createdAt), index().on(t.accountId)],
);

export type CsvDownloadUsage = typeof csvDownloadUsage.$inferSelect;
export type PlanRequest = typeof planRequests.$inferSelect;
