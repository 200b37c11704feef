import type { DbOrTx } from "@/db/client";
import type { EventTypeName, EventsPage, EventView } from "@/lib/schemas/monitoring";
import { rawSql } from "@/db/raw";
import { EVENT_JSON } from "./record-events";

/**
 * Events after the cursor `txid.seq`, in (writing transaction, seq) order, only from transactions older than every
 * one still running (`pg_snapshot_xmin`): a transaction that commits later has an id at or above that horizon, so it
 * always sorts after any cursor handed out, and a poller never skips an event. $1 account, $2 txid, $3 seq,
 * $4 limit + 1, $5 type or null.
 */
const FEED = `
  select e.tx_id::text as tx, e.seq, ${EVENT_JSON("e")} as view
    from account_events e
   where e.account_id = $1 and (e.tx_id, e.seq) > ($2::text::xid8, $3::bigint)
     and e.tx_id < pg_snapshot_xmin(pg_current_snapshot())
     and ($5::text is null or e.tipo::text = $5::text)
   order by e.tx_id, e.seq
   limit $4`;

/** GET /v1/events: one page of the account's events after `desde` (from the first when absent). */
export async function listEvents(db: DbOrTx, accountId: string, query: { desde?: string; limit: number; tipo?: EventTypeName }): Promise<EventsPage> {
  const [tx, seq] = (query.desde ?? "0.0").split(".");
  const rows = await rawSql(db).unsafe<{ tx: string; seq: string; view: EventView }[]>(
    FEED,
    [accountId, tx, seq, query.limit + 1, query.tipo ?? null],
    { prepare: true },
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return { items: page.map((r) => r.view), cursor: last ? `${last.tx}.${last.seq}` : (query.desde ?? "0.0"), has_more: rows.length > query.limit };
}

/** The web's list: the newest events first, optionally of one severity. */
export async function recentEvents(db: DbOrTx, accountId: string, options: { severidad?: string; limit: number }): Promise<EventView[]> {
  const rows = await rawSql(db).unsafe<{ view: EventView }[]>(
    `select ${EVENT_JSON("e")} as view from account_events e
      where e.account_id = $1 and ($2::text is null or e.severidad::text = $2::text)
      order by e.seq desc limit $3`,
    [accountId, options.severidad ?? null, options.limit],
  );
  return rows.map((r) => r.view);
}
