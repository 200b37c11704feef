import { desc, sql, type SQLWrapper } from "drizzle-orm";
import { bigserial, index, integer, json, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

export const reportStatusEnum = pgEnum("report_status", ["ok", "parcial", "no_resuelto"]);
export const tipoAccionEnum = pgEnum("tipo_accion", ["nuevo", "actualizacion"]);
export const denominacionOrigenEnum = pgEnum("denominacion_origen", ["padron", "concursos", "marcas", "cendeu"]);

/** The expressions of reports_account_cuit_charged_idx, written once for the index and the queries (below). */
const accountCuit = (accountId: SQLWrapper, cuit: SQLWrapper) => sql`(${accountId} || ' ' || ${cuit})`;
const charged = (status: SQLWrapper) => sql`${status} <> 'no_resuelto'`;

/** A generated report. `no_resuelto` rows are kept for audit, never listed and never charged. */
export const reports = pgTable(
  "reports",
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    cuit: text().notNull(),
    status: reportStatusEnum().notNull(),
    tipoAccion: tipoAccionEnum(),
    costoUnidades: integer().notNull().default(0),
    denominacion: text(),
    denominacionOrigen: denominacionOrigenEnum(),
    /**
     * `json`, not `jsonb`: stored and returned whole, never queried inside. Postgres keeps the text as written (the
     * fields in the report's own order) instead of building a binary form on every insert and text again on every
     * read, and the text compresses smaller.
     */
    sections: json().$type<Record<string, unknown>>().notNull(),
    generatedAt: timestamp({ withTimezone: true, mode: "string" }).notNull(),
    createdAt: timestamp({ withTimezone: true, mode: "string" }).notNull().defaultNow(),
    /** Insertion order: breaks ties between reports created in the same millisecond. */
    seq: bigserial({ mode: "number" }).notNull(),
  },
  (t) => [
    index("reports_account_recent_idx").on(t.accountId, desc(t.createdAt), desc(t.seq)),
    // A CUIT's charged reports in its account, newest first (ACCOUNT_CUIT below).
    index("reports_account_cuit_charged_idx").on(accountCuit(t.accountId, t.cuit), desc(t.createdAt), desc(t.seq)).where(charged(t.status)),
    index("reports_recent_idx").on(desc(t.createdAt), desc(t.seq)),
  ],
);

/**
 * A CUIT's charged reports in an account: `ACCOUNT_CUIT = accountCuitKey(account, cuit) and CHARGED`. They decide
 * whether a generation is `nuevo` or `actualizacion` (the generation's state, the quotes) and find a report's
 * previous version. The account and the CUIT are one value, the expression of reports_account_cuit_charged_idx,
 * which no other index answers. As two conditions, account_id and cuit, the planner could take
 * reports_account_recent_idx, which leads with account_id, and read every report of the account to find one of the
 * CUIT: where the statistics take an account for one row (an analyze while most accounts hold one report), both
 * indexes cost it the same, and a POST's cost grew with the account's history.
 */
export const accountCuitKey = (accountId: string, cuit: string): string => `${accountId} ${cuit}`;
export const ACCOUNT_CUIT = accountCuit(reports.accountId, reports.cuit);
/** ACCOUNT_CUIT in a raw statement, `r` the alias of reports: the same expression, or the index does not answer it. */
export const ACCOUNT_CUIT_SQL = (r: string): string => `(${r}.account_id || ' ' || ${r}.cuit)`;
/** Charged: the condition of the index, written out (as a parameter it would not prove the index's). */
export const CHARGED = charged(reports.status);

/**
 * An Idempotency-Key is one logical operation of one account, kept forever. The row is written in the same
 * transaction as the report and the charge, so a key exists only for an operation that committed.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    key: uuid().notNull(),
    cuit: text().notNull(),
    reportId: text().notNull(),
    /**
     * No longer written: a replay rebuilds the response from the report (lib/reports/generation-sql.ts). Nullable
     * rather than dropped, so that instances of the previous release still store theirs during a rolling deploy;
     * a later release can drop it.
     */
    response: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.key] })],
);

export type Report = typeof reports.$inferSelect;
export type ReportStatus = (typeof reportStatusEnum.enumValues)[number];
export type TipoAccion = (typeof tipoAccionEnum.enumValues)[number];
export type DenominacionOrigen = (typeof denominacionOrigenEnum.enumValues)[number];
