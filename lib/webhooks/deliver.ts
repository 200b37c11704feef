import { getDb, type Tx } from "@/db/client";
import { now } from "@/lib/clock";
import { log } from "@/lib/log";
import { rawSql } from "@/db/raw";
import { DISABLE_AFTER_MS, nextAttempt } from "./backoff";
import { signedHeaders } from "./secret";
import { postJson, PrivateAddressError, TimeoutError } from "./post";

/** A receiver has this long to answer; past it the attempt failed. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Deliveries claimed at once, and sent at once of them. */
const BATCH = 200;
const PARALLEL = 100;
/** A rotated-out secret still signs, beside the new one, for this long. */
const ROTATION_OVERLAP_MS = 24 * 3_600_000;

type Claimed = {
  id: string;
  endpoint_id: string;
  url: string;
  payload: string;
  intentos: number;
  secret: string;
  previous_secret: string | null;
  rotated_at: Date | null;
};

interface Outcome {
  id: string;
  endpoint_id: string;
  ok: boolean;
  gone: boolean;
  status: number | null;
  error: string | null;
  next: string | null;
}

/**
 * Due deliveries of active endpoints, locked for this transaction: a worker holds its attempts' rows until it has
 * recorded them, so another worker skips them (never the same attempt twice), and a worker that dies releases them
 * at once with its connection (they are sent again: at least once, and the receiver dedupes by `webhook-id`).
 */
const CLAIM = `
  select d.id, d.endpoint_id, e.url, d.payload, d.intentos, e.secret, e.previous_secret, e.rotated_at
    from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
   where d.estado = 'pendiente' and d.next_attempt_at <= $1::timestamptz
   order by d.next_attempt_at, d.seq
   limit ${BATCH}
   for update of d skip locked`;

const RECORD = `
  update webhook_deliveries d
     set intentos = d.intentos + 1, last_status = r.status, last_error = r.error, last_attempt_at = $2::timestamptz,
         estado = (case when r.ok then 'entregado' when r.gone or r.next is null then 'fallido' else 'pendiente' end)::delivery_estado,
         delivered_at = case when r.ok then $2::timestamptz end,
         next_attempt_at = coalesce(r.next, d.next_attempt_at)
    from jsonb_to_recordset($1::jsonb) as r(id text, ok boolean, gone boolean, status int, error text, next timestamptz)
   where d.id = r.id`;

/**
 * Endpoints after a batch: one that took a delivery is healthy again; one that failed them all starts (or goes on)
 * failing, and after a day of it, or at once when it answered 410 Gone, it is disabled and its pending deliveries
 * cancelled. The web page shows the notice.
 */
const SETTLE = [
  `update webhook_endpoints set failing_since = null where id = any($1::text[]) and failing_since is not null`,
  `update webhook_endpoints set failing_since = coalesce(failing_since, $2::timestamptz)
    where id = any($1::text[]) and not id = any($3::text[])`,
  `with off as (
     update webhook_endpoints set activo = false, disabled_at = $4::timestamptz,
            disabled_reason = case when id = any($2::text[]) then 'El receptor respondió 410 (Gone): dejamos de enviarle eventos.'
                                   else 'Todas las entregas fallaron durante un día: reactivalo cuando el receptor vuelva a responder.' end
      where activo and (id = any($2::text[]) or (id = any($1::text[]) and failing_since <= $3::timestamptz))
     returning id)
   update webhook_deliveries set estado = 'cancelado', last_error = coalesce(last_error, 'Webhook deshabilitado')
    where estado = 'pendiente' and endpoint_id in (select id from off)`,
];

function secretsOf(row: Claimed, at: Date): string[] {
  const overlap = row.previous_secret && row.rotated_at && at.getTime() - new Date(row.rotated_at).getTime() < ROTATION_OVERLAP_MS;
  return overlap ? [row.secret, row.previous_secret!] : [row.secret];
}

/** One attempt: POST the stored body, signed; only a 2xx counts. */
async function attempt(row: Claimed, at: Date): Promise<Outcome> {
  const base = { id: row.id, endpoint_id: row.endpoint_id };
  const failed = (status: number | null, error: string | null, gone = false): Outcome => ({
    ...base,
    ok: false,
    gone,
    status,
    error,
    next: gone ? null : (nextAttempt(row.intentos + 1, at)?.toISOString() ?? null),
  });
  try {
    const headers = { "user-agent": "Legajo-Webhooks/1.0", ...signedHeaders(row.id, at, row.payload, secretsOf(row, at)) };
    const status = await postJson(row.url, headers, row.payload, DELIVERY_TIMEOUT_MS);
    if (status >= 200 && status < 300) return { ...base, ok: true, gone: false, status, error: null, next: null };
    if (status === 410) return failed(410, "El receptor respondió 410 (Gone).", true);
    return failed(status, `El receptor respondió ${status}.`);
  } catch (e) {
    if (e instanceof TimeoutError) return failed(null, `Sin respuesta en ${DELIVERY_TIMEOUT_MS / 1000} s.`);
    if (e instanceof PrivateAddressError) return failed(null, `La URL apunta a una dirección local o privada: ${e.message}.`);
    return failed(null, `No se pudo conectar: ${(e as { code?: string }).code ?? (e as Error).message}.`);
  }
}

/** Runs `fn` over `items`, at most `limit` at once. */
async function eachLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}

async function settle(tx: Tx, outcomes: readonly Outcome[], at: Date): Promise<void> {
  const sql = rawSql(tx);
  const list = (ids: Iterable<string>) => `{${[...new Set(ids)].join(",")}}`;
  const healthy = new Set(outcomes.filter((o) => o.ok).map((o) => o.endpoint_id));
  const gone = new Set(outcomes.filter((o) => o.gone).map((o) => o.endpoint_id));
  const failing = outcomes.filter((o) => !o.ok && !healthy.has(o.endpoint_id)).map((o) => o.endpoint_id);
  await sql.unsafe(RECORD, [JSON.stringify(outcomes), at.toISOString()]);
  if (healthy.size) await sql.unsafe(SETTLE[0], [list(healthy)]);
  if (failing.length) {
    await sql.unsafe(SETTLE[1], [list(failing), at.toISOString(), list(gone)]);
    await sql.unsafe(SETTLE[2], [list(failing), list(gone), new Date(at.getTime() - DISABLE_AFTER_MS).toISOString(), at.toISOString()]);
  }
}

/**
 * The job "deliver what is due": claims due deliveries in batches, sends each batch in parallel and records the
 * outcomes in the claiming transaction, until nothing is due. Failed attempts wait their backoff
 * (lib/webhooks/backoff.ts); the periodic recovery announces them when due.
 */
export async function deliverDue(): Promise<{ attempted: number; delivered: number }> {
  const db = await getDb();
  let attempted = 0;
  let delivered = 0;
  for (;;) {
    const at = now();
    const outcomes = await db.transaction(async (tx) => {
      const rows = await rawSql(tx).unsafe<Claimed[]>(CLAIM, [at.toISOString()]);
      if (rows.length === 0) return [];
      const results = await eachLimited(rows, PARALLEL, (row) => attempt(row, at));
      await settle(tx, results, at);
      return results;
    });
    if (outcomes.length === 0) break;
    attempted += outcomes.length;
    delivered += outcomes.filter((o) => o.ok).length;
  }
  if (attempted) log().debug({ attempted, delivered }, "webhook deliveries");
  return { attempted, delivered };
}
