import { sql } from "drizzle-orm";
import { boolean, check, index, integer, numeric, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const planTierEnum = pgEnum("plan_tier", ["free", "starter", "pro", "ultimate", "team", "enterprise"]);
export const billingModelEnum = pgEnum("billing_model", ["balance", "daily_cap"]);

/** The six plans of spec 2.8. One row per tier; prices and quotas are data, not code. */
export const plans = pgTable("plans", {
  tier: planTierEnum().primaryKey(),
  rank: integer().notNull(),
  displayLabel: text().notNull(),
  priceArsMonthly: numeric({ mode: "number" }),
  mcpCallsMonthly: integer(),
  csvDownloadsMonthly: integer(),
  parquetEnabled: boolean().notNull(),
  apiRestEnabled: boolean().notNull(),
  informeCuitCupoMensualUnidades: integer(),
});

/** Packs of purchased balance (spec 2.8 InformeCuitPack). */
export const reportPacks = pgTable(
  "report_packs",
  {
    id: text().primaryKey(),
    packSize: integer().notNull(),
    unidades: integer().notNull(),
    priceArs: numeric({ mode: "number" }).notNull(),
    displayLabel: text().notNull(),
    active: boolean().notNull().default(true),
    sort: integer().notNull().default(0),
  },
  (t) => [check("report_packs_positive", sql`${t.packSize} > 0 and ${t.unidades} > 0 and ${t.priceArs} >= 0`)],
);

export const accounts = pgTable("accounts", {
  id: text().primaryKey(),
  name: text().notNull(),
  planTier: planTierEnum()
    .notNull()
    .references(() => plans.tier),
  billingModel: billingModelEnum().notNull().default("balance"),
  suspended: boolean().notNull().default(false),
  isAdmin: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  "users",
  {
    id: text().primaryKey(),
    email: text().notNull().unique(),
    passwordHash: text().notNull(),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the owner proved the address (a sign-up's link). Null: the account's allotment is held back. */
    emailVerifiedAt: timestamp({ withTimezone: true }),
    /** Sessions signed in before this instant are void: sign-out, a password change or reset set it. */
    sessionsValidAfter: timestamp({ withTimezone: true }),
    /** The last successful sign-in; it starts a fresh budget of failed attempts (lib/auth/sign-in.ts). */
    lastSignInAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.accountId)],
);

/** API keys are stored as the SHA-256 of the full key; `start` is the short prefix shown in lists. */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    name: text().notNull(),
    hash: text().notNull().unique(),
    start: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.accountId)],
);

export type Plan = typeof plans.$inferSelect;
export type PlanTier = (typeof planTierEnum.enumValues)[number];
export type BillingModel = (typeof billingModelEnum.enumValues)[number];
export type Account = typeof accounts.$inferSelect;
export type User = typeof users.$inferSelect;
export type ApiKey = typeof apiKeys.$inferSelect;
export type ReportPack = typeof reportPacks.$inferSelect;
