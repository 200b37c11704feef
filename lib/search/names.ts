import type { DbOrTx } from "@/db/client";
import { parseQuery } from "@/lib/http/request";
import { SEARCH_LIMIT, searchQuerySchema, type SearchResponse, type SearchResult } from "@/lib/schemas/search";
import { currentSnapshot } from "@/lib/sources/snapshots";
import { rawSql } from "@/db/raw";

/**
 * Taxpayers of the current padrón (every feed's current identidad snapshot) whose name contains the query's words,
 * by trigram word similarity on `legajo_name_key` (migration 0012: case, accents and punctuation folded, indexed
 * with pg_trgm), so a typo, missing accents or another word order still find the name. A CUIT present in several
 * feeds is one result. Only public registry columns are read: nothing of any account.
 */
const SEARCH = `
  select cuit,
         min(denominacion) as denominacion,
         max(tipo_persona) as tipo_persona,
         max(domicilio_provincia) as provincia,
         max(word_similarity((select legajo_name_key($2)), legajo_name_key(denominacion))) as score
    from src_identidad
   where snapshot_id = any($1::int[])
     and (select legajo_name_key($2)) <% legajo_name_key(denominacion)
   group by cuit
   order by score desc, denominacion, cuit
   limit ${SEARCH_LIMIT}`;

type Row = { cuit: string; denominacion: string; tipo_persona: string | null; provincia: string | null };

/** Parses `q` by the API's schema (the web's search page): 400 `parametro_invalido` when it is not a name to search. */
export const parseSearchQuery = (q: string | null): string =>
  parseQuery(searchQuerySchema, new URLSearchParams(q === null ? {} : { q })).q;

export async function searchNames(db: DbOrTx, q: string): Promise<SearchResponse> {
  const padron = await currentSnapshot(db, "identidad");
  if (!padron) return { q, items: [] };
  const rows = await rawSql(db).unsafe<Row[]>(SEARCH, [padron.ids, q], { prepare: true });
  const items: SearchResult[] = rows.map((r) => ({
    cuit: r.cuit,
    denominacion: r.denominacion,
    tipo_persona: r.tipo_persona === "FISICA" || r.tipo_persona === "JURIDICA" ? r.tipo_persona : null,
    provincia: r.provincia,
  }));
  return { q, items };
}
