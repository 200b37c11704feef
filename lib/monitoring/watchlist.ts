import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { ISO } from "@/db/raw";
import type { Severidad } from "@/db/schema";
import type { WatchList, WatchView } from "@/lib/schemas/monitoring";

type Row = {
  cuit: string;
  etiqueta: string | null;
  creado_en: string;
  evento_id: string | null;
  severidad: Severidad | null;
  cambio_en: string | null;
  resumen: string | null;
};

const iso = (column: string) => sql.raw(ISO(column));

/**
 * Watched CUITs of the account, newest first, each with its newest change event (one index probe per row on
 * account_events_cuit_idx). `cuit` narrows to one.
 */
export async function watchViews(db: DbOrTx, accountId: string, page: { cuit?: string; limit?: number; offset?: number }): Promise<WatchView[]> {
  const rows = await db.execute<Row>(sql`
    select w.cuit, w.etiqueta, ${iso("w.created_at")} as creado_en, e.id as evento_id, e.severidad,
           ${iso("e.created_at")} as cambio_en,
           (select string_agg(s->>'resumen', '; ') from jsonb_array_elements(e.datos->'secciones') s) as resumen
      from watchlist w
      left join lateral (
        select id, severidad, created_at, datos from account_events
         where account_id = w.account_id and cuit = w.cuit and tipo = 'monitoreo.cambio'
         order by seq desc limit 1) e on true
     where w.account_id = ${accountId} ${page.cuit ? sql`and w.cuit = ${page.cuit}` : sql``}
     order by w.created_at desc, w.seq desc
     limit ${page.limit ?? 1} offset ${page.offset ?? 0}`);
  return rows.map((r) => ({
    cuit: r.cuit,
    etiqueta: r.etiqueta,
    creado_en: r.creado_en,
    ultimo_cambio:
      r.evento_id && r.severidad && r.cambio_en ? { evento_id: r.evento_id, severidad: r.severidad, creado_en: r.cambio_en, resumen: r.resumen ?? "" } : null,
  }));
}

/** GET /v1/watchlist: one page, newest first, with the count and the plan's limit. */
export async function listWatches(db: DbOrTx, accountId: string, limite: number, page: { limit: number; offset: number }): Promise<WatchList> {
  const [items, [{ total }]] = await Promise.all([
    watchViews(db, accountId, { limit: page.limit + 1, offset: page.offset }),
    db.execute<{ total: number }>(sql`select count(*)::int as total from watchlist where account_id = ${accountId}`),
  ]);
  return { items: items.slice(0, page.limit), has_more: items.length > page.limit, total, limite };
}
