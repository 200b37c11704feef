import { bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Operator and account actions. `actor` is "cli", or the acting user's email. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    actor: text().notNull(),
    action: text().notNull(),
    accountId: text(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.createdAt), index().on(t.accountId, t.createdAt)],
);

export type AuditEntry = typeof auditLog.$inferSelect;
