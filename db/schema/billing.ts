import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, numeric, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { accounts, reportPacks } from "./accounts";

export const pocketEnum = pgEnum("pocket", ["cupo", "comprado"]);
export const ledgerKindEnum = pgEnum("ledger_kind", [
  "allotment_grant",
  "allotment_expire",
  "report_debit",
  "purchase",
  "operator_load",
]);
export const orderStatusEnum = pgEnum("order_status", ["pending", "confirmed", "cancelled"]);

/**
 * The two pockets of an account. The CHECKs make a negative pocket impossible whatever the concurrency;
 * every change is written to `ledger_entries` in the same transaction, so the ledger sums to the balance.
 */
export const balances = pgTable(
  "balances",
  {
    accountId: text()
      .primaryKey()
      .references(() => accounts.id),
    cupoAvailable: integer().notNull().default(0),
    cupoUsed: integer().notNull().default(0),
    /** Calendar month (YYYY-MM, Buenos Aires time) the allotment belongs to. */
    cupoPeriod: text().notNull(),
    compradoAvailable: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("balances_cupo_non_negative", sql`${t.cupoAvailable} >= 0`),
    check("balances_cupo_used_non_negative", sql`${t.cupoUsed} >= 0`),
    check("balances_comprado_non_negative", sql`${t.compradoAvailable} >= 0`),
  ],
);

/** Append-only (a trigger refuses UPDATE and DELETE). */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    pocket: pocketEnum().notNull(),
    kind: ledgerKindEnum().notNull(),
    delta: integer().notNull(),
    reportId: text(),
    orderId: text(),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.accountId, t.createdAt)],
);

/** A pack bought through the web, paid by bank transfer and confirmed by an admin. */
export const packOrders = pgTable(
  "pack_orders",
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    packId: text()
      .notNull()
      .references(() => reportPacks.id),
    unidades: integer().notNull(),
    priceArs: numeric({ mode: "number" }).notNull(),
    status: orderStatusEnum().notNull().default("pending"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp({ withTimezone: true }),
    decidedBy: text(),
  },
  (t) => [index().on(t.accountId, t.createdAt), index().on(t.status)],
);

export type Balance = typeof balances.$inferSelect;
export type LedgerEntry = typeof ledgerEntries.$inferSelect;
export type PackOrder = typeof packOrders.$inferSelect;
