import { desc } from "drizzle-orm";
import { bigserial, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

export const reportStatusEnum = pgEnum("report_status", ["ok", "parcial", "no_resuelto"]);
export const tipoAccionEnum = pgEnum("tipo_accion", ["nuevo", "actualizacion"]);
export const denominacionOrigenEnum = pgEnum("denominacion_origen", ["padron", "concursos", "marcas", "cendeu"]);

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
    sections: jsonb().$type<Record<string, unknown>>().notNull(),
    generatedAt: timestamp({ withTimezone: true, mode: "string" }).notNull(),
    createdAt: timestamp({ withTimezone: true, mode: "string" }).notNull().defaultNow(),
    /** Insertion order: breaks ties between reports created in the same millisecond. */
    seq: bigserial({ mode: "number" }).notNull(),
  },
  (t) => [
    index("reports_account_recent_idx").on(t.accountId, desc(t.createdAt), desc(t.seq)),
    index("reports_account_cuit_idx").on(t.accountId, t.cuit),
    index("reports_recent_idx").on(desc(t.createdAt), desc(t.seq)),
  ],
);

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
