import type { DbOrTx } from "@/db/client";
import type { EventType, Severidad } from "@/db/schema";
import { enqueue } from "@/lib/jobs/enqueue";
import { ISO, rawSql } from "@/db/raw";

export interface NewEvent {
  accountId: string;
  tipo: EventType;
  cuit?: string | null;
  severidad?: Severidad | null;
  datos: Record<string, unknown>;
}

/** An id of the shape lib/id.ts gives (`prefix_` and 17 base62 characters), drawn in SQL for rows made in bulk. */
export const sqlId = (prefix: string) => `'${prefix}_' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 17)`;

/** The event as the API shows it; webhooks send it as `data` (lib/monitoring/events.ts reads the same columns). */
export const EVENT_JSON = (e: string) =>
  `jsonb_build_object('evento_id', ${e}.id, 'tipo', ${e}.tipo, 'creado_en', ${ISO(`${e}.created_at`)}, 'cuit', ${e}.cuit,
    'severidad', ${e}.severidad, 'datos', ${e}.datos)`;

/**
 * Inserts the events selected by `source` (columns id, account_id, tipo, cuit, severidad, datos, scan_id) and,
 * in the same statement, one delivery per active endpoint of the event's account that subscribes to its type, with
 * the exact body it will be sent (Standard Webhooks: type, timestamp, data). An event already recorded for its
 * scan (a scan run twice) is skipped with its deliveries. Answers how many of each were written.
 */
const INSERT = (source: string) => `
  with ev as (
    insert into account_events (id, account_id, tipo, cuit, severidad, datos, scan_id)
    ${source}
    on conflict (scan_id, account_id, cuit) do nothing
    returning id, account_id, tipo, cuit, severidad, datos, created_at),
  dl as (
    insert into webhook_deliveries (id, endpoint_id, account_id, event_id, tipo, payload)
    select ${sqlId("msg")}, w.id, ev.account_id, ev.id, ev.tipo::text,
           jsonb_build_object('type', ev.tipo, 'timestamp', ${ISO("ev.created_at")}, 'data', ${EVENT_JSON("ev")})::text
      from ev join webhook_endpoints w
        on w.account_id = ev.account_id and w.activo and w.deleted_at is null and ev.tipo::text = any(w.eventos)
    returning 1)
  select (select count(*) from ev)::int as eventos, (select count(*) from dl)::int as entregas`;

const EXPLICIT = INSERT(`
  select ${sqlId("evt")}, x.account_id, x.tipo::event_type, x.cuit, x.severidad::severidad, x.datos, null::int
    from jsonb_to_recordset($1::jsonb) as x(account_id text, tipo text, cuit text, severidad text, datos jsonb)`);

/**
 * A scan's changes fanned out to every account watching each CUIT, the account's label added to the body. $1 is
 * the changes ([{cuit, severidad, datos}]), $2 the scan.
 */
const FAN_OUT = INSERT(`
  select ${sqlId("evt")}, w.account_id, 'monitoreo.cambio'::event_type, x.cuit, x.severidad::severidad,
         x.datos || jsonb_build_object('etiqueta', w.etiqueta), $2::int
    from jsonb_to_recordset($1::jsonb) as x(cuit text, severidad text, datos jsonb)
    join watchlist w on w.cuit = x.cuit`);

/**
 * One event ($1 account, $2 type, $3 CUIT, $4 datos) after a debit of $5 units, and `saldo.bajo` when that debit
 * just took the account's balance from at or above its threshold to below it: one crossing, one event.
 */
const WITH_BALANCE_DROP = INSERT(`
  select ${sqlId("evt")}, $1::text, $2::event_type, $3::text, null::severidad, $4::jsonb, null::int
  union all
  select ${sqlId("evt")}, b.account_id, 'saldo.bajo'::event_type, null, null,
         jsonb_build_object('saldo_unidades', b.cupo_available + b.comprado_available, 'umbral_unidades', s.umbral_saldo_bajo), null::int
    from balances b join monitoring_settings s on s.account_id = b.account_id
   where b.account_id = $1 and $5::int > 0 and b.cupo_available + b.comprado_available < s.umbral_saldo_bajo
     and b.cupo_available + b.comprado_available + $5::int >= s.umbral_saldo_bajo`);

export type Written = { eventos: number; entregas: number };

/**
 * Wakes the delivery worker when `written` holds any delivery: in the transaction that wrote them, so that the job
 * exists once they commit; or right after that transaction committed.
 */
export async function wakeDeliveries(db: DbOrTx, written: Written): Promise<Written> {
  if (written.entregas > 0) await enqueue(db, "webhooks", {}, "webhooks");
  return written;
}

/** Records events (and their deliveries) in the caller's transaction: they exist exactly when its writes commit. */
export async function recordEvents(db: DbOrTx, events: readonly NewEvent[]): Promise<Written> {
  if (events.length === 0) return { eventos: 0, entregas: 0 };
  const input = events.map((e) => ({ account_id: e.accountId, tipo: e.tipo, cuit: e.cuit ?? null, severidad: e.severidad ?? null, datos: e.datos }));
  const [row] = await rawSql(db).unsafe<Written[]>(EXPLICIT, [JSON.stringify(input)], { prepare: true });
  return wakeDeliveries(db, row);
}

export interface CuitChange {
  cuit: string;
  severidad: Severidad;
  datos: Record<string, unknown>;
}

/** A scan's changes, one event per (account watching the CUIT, CUIT), in the scan's transaction. */
export async function recordScanEvents(db: DbOrTx, scanId: number, changes: readonly CuitChange[]): Promise<Written> {
  if (changes.length === 0) return { eventos: 0, entregas: 0 };
  const [row] = await rawSql(db).unsafe<Written[]>(FAN_OUT, [JSON.stringify(changes), scanId], { prepare: true });
  return wakeDeliveries(db, row);
}

/**
 * After a debit of `cost` units, in its transaction: the event, and `saldo.bajo` if the balance just crossed the
 * account's threshold, in one statement. It does not wake the delivery worker: the caller does, once its
 * transaction committed (wakeDeliveries), so that this can be sent in the same write as the COMMIT.
 */
export async function recordWithBalanceDrop(db: DbOrTx, event: Omit<NewEvent, "severidad">, cost: number): Promise<Written> {
  const [row] = await rawSql(db).unsafe<Written[]>(
    WITH_BALANCE_DROP,
    [event.accountId, event.tipo, event.cuit ?? null, JSON.stringify(event.datos), cost],
    { prepare: true },
  ).execute();
  return row;
}
