import { desc, sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { sourceSnapshots } from "./sources";

/** Postgres's 64-bit transaction id, read as text (it may pass 2^53). */
const xid8 = customType<{ data: string }>({ dataType: () => "xid8" });

export const severidadEnum = pgEnum("severidad", ["alta", "media", "info"]);
export const eventTypeEnum = pgEnum("event_type", ["monitoreo.cambio", "informe.generado", "saldo.bajo", "lote.completado"]);
export const deliveryEstadoEnum = pgEnum("delivery_estado", ["pendiente", "entregado", "fallido", "cancelado"]);

/** A CUIT an account watches. Watching is free; the plan caps how many (lib/monitoring/limits.ts). */
export const watchlist = pgTable(
  "watchlist",
  {
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    cuit: text().notNull(),
    etiqueta: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    seq: bigserial({ mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.cuit] }),
    // Change detection joins every import's rows to the watched CUITs.
    index("watchlist_cuit_idx").on(t.cuit),
    index("watchlist_account_recent_idx").on(t.accountId, desc(t.createdAt), desc(t.seq)),
  ],
);

/**
 * One snapshot to compare with the one it replaced, written in the import's own transaction: the snapshot becomes
 * current exactly when its scan exists. The queue's job only says "run scan X"; this row is the truth, so a lost
 * job is re-announced and a repeated one finds the scan done.
 */
export const monitoringScans = pgTable("monitoring_scans", {
  id: serial().primaryKey(),
  snapshotId: integer()
    .notNull()
    .unique()
    .references(() => sourceSnapshots.id),
  /** The feed's current snapshot before this one; null for a feed's first. */
  previousId: integer().references(() => sourceSnapshots.id),
  done: boolean().notNull().default(false),
  /** Watched CUITs whose rows changed. */
  cuits: integer(),
  eventos: integer(),
  ms: integer(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp({ withTimezone: true }),
});

/**
 * What happened to an account: a watched CUIT's sources moved, a report was generated, the balance fell below the
 * account's threshold, a batch completed. Written in the transaction of what caused it, with its webhook
 * deliveries. The feed orders by the writing transaction's id (then `seq`): a transaction that commits late always
 * has an id at or above the oldest one still running, so a poller's cursor never skips it (lib/monitoring/events.ts).
 */
export const accountEvents = pgTable(
  "account_events",
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    tipo: eventTypeEnum().notNull(),
    cuit: text(),
    severidad: severidadEnum(),
    /** The event's body as the API and the webhooks show it (`data`), without the common fields. */
    datos: jsonb().$type<Record<string, unknown>>().notNull(),
    scanId: integer().references(() => monitoringScans.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    txId: xid8()
      .notNull()
      .default(sql`pg_current_xact_id()`),
    seq: bigserial({ mode: "number" }).notNull(),
  },
  (t) => [
    // A scan run twice records each (account, CUIT) once.
    unique("account_events_scan_unique").on(t.scanId, t.accountId, t.cuit),
    index("account_events_feed_idx").on(t.accountId, t.txId, t.seq),
    index("account_events_cuit_idx").on(t.accountId, t.cuit, desc(t.seq)),
  ],
);

/** Per-account monitoring settings: the balance threshold of `saldo.bajo` (null: no alert). */
export const monitoringSettings = pgTable("monitoring_settings", {
  accountId: text()
    .primaryKey()
    .references(() => accounts.id),
  umbralSaldoBajo: integer(),
});

/** A receiver of the account's events, signed per the Standard Webhooks spec with `secret`. */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    url: text().notNull(),
    eventos: text().array().notNull(),
    secret: text().notNull(),
    /** After a rotation, deliveries are signed with both secrets for a day, so the receiver can switch over. */
    previousSecret: text(),
    rotatedAt: timestamp({ withTimezone: true }),
    activo: boolean().notNull().default(true),
    /** Since when every delivery has failed; a day of it disables the endpoint. */
    failingSince: timestamp({ withTimezone: true }),
    disabledAt: timestamp({ withTimezone: true }),
    disabledReason: text(),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    seq: bigserial({ mode: "number" }).notNull(),
  },
  (t) => [index("webhook_endpoints_account_idx").on(t.accountId, t.seq)],
);

/**
 * One message to one endpoint; its id is the `webhook-id` the receiver dedupes by. `intentos` counts attempts
 * made; a worker claims an attempt under the row lock, so two workers never send the same attempt.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text().primaryKey(),
    endpointId: text()
      .notNull()
      .references(() => webhookEndpoints.id),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    eventId: text().references(() => accountEvents.id),
    tipo: text().notNull(),
    /** The exact JSON body sent (Standard Webhooks: `type`, `timestamp`, `data`). */
    payload: text().notNull(),
    estado: deliveryEstadoEnum().notNull().default("pendiente"),
    intentos: smallint().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastStatus: smallint(),
    lastError: text(),
    lastAttemptAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    seq: bigserial({ mode: "number" }).notNull(),
  },
  (t) => [
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.estado} = 'pendiente'`),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, desc(t.seq)),
  ],
);

export type WatchlistEntry = typeof watchlist.$inferSelect;
export type MonitoringScan = typeof monitoringScans.$inferSelect;
export type AccountEvent = typeof accountEvents.$inferSelect;
export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
export type Severidad = (typeof severidadEnum.enumValues)[number];
export type EventType = (typeof eventTypeEnum.enumValues)[number];
export type DeliveryEstado = (typeof deliveryEstadoEnum.enumValues)[number];
