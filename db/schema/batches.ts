import { desc, sql } from "drizzle-orm";
import { bigserial, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { tipoAccionEnum } from "./reports";

export const batchEstadoEnum = pgEnum("batch_estado", ["en_cola", "procesando", "completado", "cancelado"]);

/**
 * `pendiente` and `procesando` are waiting or running; every other state is final. `ok`, `parcial` and
 * `no_resuelto` are the report's status; `invalido` never ran; `sin_saldo` ran into a balance (or daily cap) that
 * could not pay; `cancelado` was never started; `error` failed repeatedly and charged nothing.
 */
export const batchItemStatusEnum = pgEnum("batch_item_status", [
  "pendiente",
  "procesando",
  "ok",
  "parcial",
  "no_resuelto",
  "invalido",
  "sin_saldo",
  "cancelado",
  "error",
]);

/**
 * A batch of report generations. Its items are the truth of what is left to do: the job on the queue only says
 * "process batch X", so a lost job loses nothing (lib/jobs re-finds unfinished batches at start-up).
 */
export const batches = pgTable(
  "batches",
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    /** Who asked (the session's user), kept so the worker acts as the same caller. */
    userId: text(),
    idempotencyKey: uuid().notNull(),
    /** SHA-256 of the request's entries: the same key with another list is a conflict. */
    bodyHash: text().notNull(),
    estado: batchEstadoEnum().notNull().default("en_cola"),
    total: integer().notNull(),
    /** The quote shown when the batch was created (POST's `cotizacion`). */
    cotizacion: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    /** Insertion order: breaks ties between batches created in the same millisecond. */
    seq: bigserial({ mode: "number" }).notNull(),
  },
  (t) => [
    unique("batches_account_key_unique").on(t.accountId, t.idempotencyKey),
    index("batches_account_recent_idx").on(t.accountId, desc(t.createdAt), desc(t.seq)),
    index("batches_unfinished_idx").on(t.createdAt).where(sql`${t.estado} in ('en_cola', 'procesando')`),
  ],
);

/** One entry of a batch, in the order it was sent. */
export const batchItems = pgTable(
  "batch_items",
  {
    batchId: text()
      .notNull()
      .references(() => batches.id),
    posicion: integer().notNull(),
    /** The entry as sent (trimmed). */
    entrada: text().notNull(),
    /** The CUIT it resolved to; null when invalid. */
    cuit: text(),
    status: batchItemStatusEnum().notNull().default("pendiente"),
    /** Position of the earlier entry with the same CUIT: this one shares its outcome and is never charged. */
    duplicadoDe: integer(),
    informeId: text(),
    tipoAccion: tipoAccionEnum(),
    costoUnidades: integer().notNull().default(0),
    error: text(),
    intentos: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.posicion] }), index("batch_items_status_idx").on(t.batchId, t.status)],
);

export type Batch = typeof batches.$inferSelect;
export type BatchItem = typeof batchItems.$inferSelect;
export type BatchEstado = (typeof batchEstadoEnum.enumValues)[number];
export type BatchItemStatus = (typeof batchItemStatusEnum.enumValues)[number];
