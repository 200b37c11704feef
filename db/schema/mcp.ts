import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

/**
 * MCP tool calls per account and Buenos Aires calendar month, against the plan's `mcp_calls_monthly`. One row per
 * (account, month), raised by one conditional upsert (lib/mcp/quota.ts), so concurrent calls can never count past
 * the quota; a new month starts a new row, and old rows are the usage history.
 */
export const mcpUsage = pgTable(
  "mcp_usage",
  {
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    /** Calendar month (YYYY-MM, Buenos Aires time), as `balances.cupo_period`. */
    period: text().notNull(),
    calls: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.period] }), check("mcp_usage_calls_non_negative", sql`${t.calls} >= 0`)],
);

export type McpUsage = typeof mcpUsage.$inferSelect;
