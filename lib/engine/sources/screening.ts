import type { DbOrTx } from "@/db/client";
import type { srcScreening } from "@/db/schema";
import { PERSON_TYPES } from "@/lib/cuit";
import { formatCuit } from "@/lib/cuit/validate";
import { env } from "@/lib/env";
import { nameScore, nameTokens } from "@/lib/sources/formats/names";
import { rawSql } from "@/db/raw";
import { defineSource } from "../types";

type Entry = typeof srcScreening.$inferSelect & {
  /** The snapshot date of the entry's list: each list is its own feed, so each match cites its own. */
  snapshotDate: string;
};

/**
 * A list entry that matches the CUIT: by one of its documents, or by the padrón's name with a score (0-1).
 * `evidencia` is what matched: the entry's document, or the padrón's name.
 */
export type ScreeningMatch = Entry & { via: "documento" | "nombre"; score: number; evidencia: string };

const COLUMNS = `e.snapshot_id as "snapshotId", e.cuit, e.lista, e.entry_uid as "entryUid",
  e.numero_referencia as "numeroReferencia", e.nombre, e.nombre_normalizado as "nombreNormalizado", e.alias,
  e.claves_nombre as "clavesNombre", e.tipo_entrada as "tipoEntrada", e.programa,
  e.fecha_inclusion::text as "fechaInclusion", e.documentos, e.claves_documento as "clavesDocumento",
  e.nacionalidad, e.fecha_nacimiento as "fechaNacimiento", e.observaciones, s.snapshot_date::text as "snapshotDate"`;

// The token expressions are the ones of the GIN indexes on src_screening (db/schema/sources.ts).
const BY_DOCUMENT = `select ${COLUMNS} from src_screening e join source_snapshots s on s.id = e.snapshot_id
  where e.snapshot_id = any($1::int4[]) and string_to_array(e.claves_documento, ' ') && $2::text[]`;

const NAME_TOKENS = `string_to_array(replace(e.claves_nombre, '|', ' '), ' ')`;

/** What scoring a candidate needs: its key and its name's variants. */
const CANDIDATE_COLUMNS = `e.snapshot_id as "snapshotId", e.entry_uid as "entryUid", e.claves_nombre as "clavesNombre"`;

const byNameQueries = new Map<string, string>();

/**
 * Entries for a name of `n` words: entries holding every word but one (every word of a one-word name), each
 * combination a containment the GIN index answers by itself, so only real candidates reach the table. A match
 * needs most words anyway (the score counts every word); what this gives up is a name misspelled in two words.
 * The cap bounds a one- or two-word name made of very common words. `candidates` reads only what the score needs
 * (most candidates of a name of three words or more miss one of them and score under the threshold); `matches`
 * reads every column of the entries that scored, named by their `entry_uid`s, under the same conditions so that the
 * token index still finds them. Each statement is prepared once.
 */
function byName(n: number, read: "candidates" | "matches"): string {
  const name = `${read}:${n}`;
  let query = byNameQueries.get(name);
  if (!query) {
    const combos = Array.from({ length: n }, (_, i) => `${NAME_TOKENS} @> $${i + 3}::text[]`).join(" or ");
    query =
      read === "candidates"
        ? `select ${CANDIDATE_COLUMNS} from src_screening e
            where e.snapshot_id = any($1::int4[]) and e.tipo_entrada = any($2::text[]) and (${combos}) limit 500`
        : `select ${COLUMNS} from src_screening e join source_snapshots s on s.id = e.snapshot_id
            where e.snapshot_id = any($1::int4[]) and e.tipo_entrada = any($2::text[]) and (${combos})
              and e.entry_uid = any($${n + 3}::text[])`;
    byNameQueries.set(name, query);
  }
  return query;
}

/** The words a candidate must hold: all but one of them, each way (or the only one). */
const combinations = (tokens: readonly string[]) => (tokens.length === 1 ? [tokens] : tokens.map((_, skip) => tokens.filter((__, i) => i !== skip)));

/**
 * On lists of real size Postgres keeps choosing custom plans for the lists' queries (BY_DOCUMENT, byName): given
 * the parameters' values their `&&` and `@>` conditions look cheaper, so it plans them afresh on every call (about
 * 0.25 ms each, about as long as they run), though the generic plan is the same scan of the same GIN index. The
 * first statement of the screening sets `plan_cache_mode` for the rest of the caller's transaction (whose
 * statements run generic plans anyway), so the statements after it use the cached generic plan. Outside a
 * transaction block the setting lasts for its own statement.
 *
 * That first statement also reads the padrón's name of the CUIT, from the current snapshot of each identidad feed
 * (newest first, as the identidad section merges them; the same rule as lib/sources/snapshots.ts): screening reads
 * it itself so that its name match need not wait for the table sources' statement. It always returns one row, so
 * that the setting is made whether the CUIT is in the padrón or not; `denominacion` is null when it is not.
 */
const GENERIC_PLANS_AND_PADRON_NAME = `select p.denominacion, p."tipoPersona"
  from (select set_config('plan_cache_mode', 'force_generic_plan', true)) as generic
  left join lateral (
    select i.denominacion, i.tipo_persona as "tipoPersona" from src_identidad i
      join (select distinct on (feed) id, snapshot_date from source_snapshots where source = 'identidad'
            order by feed, snapshot_date desc, id desc) s on s.id = i.snapshot_id
     where i.cuit = $1 order by s.snapshot_date desc, s.id desc limit 1
  ) as p on true`;

/** An array literal as text: one parameter type for every call, so each statement is prepared once. */
const textArray = (values: readonly string[]) => `{${values.join(",")}}`;

/** The same for values that may hold any character (the lists' own entry ids): each element quoted. */
const quotedArray = (values: readonly string[]) => `{${values.map((v) => `"${v.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;

/** Document keys of a CUIT (lib/sources/formats/screening-entry.ts): itself, and a person's DNI (digits 3-10). */
const documentKeysOf = (cuit: string) => [
  `CUIT:${cuit}`,
  ...((PERSON_TYPES as readonly string[]).includes(cuit.slice(0, 2)) ? [`DNI:${cuit.slice(2, 10)}`] : []),
];

/** The best score of the name against any of the entry's variants (its name and aliases). */
const bestScore = (tokens: readonly string[], clavesNombre: string | null) =>
  Math.max(0, ...(clavesNombre ?? "").split("|").map((variant) => nameScore(tokens, variant.split(" "))));

/**
 * Matches a CUIT against the entries of every current list: an exact CUIT, CUIL or DNI document first; otherwise
 * the padrón's name against each entry's name and aliases (persons against persons, companies against entities),
 * kept from `SCREENING_NAME_THRESHOLD` up. Two round trips: documents and the padrón's name together, then the
 * name's candidates through the token index; a third reads the entries the name matched, when it matched any.
 */
export async function matchScreening(db: DbOrTx, snapshotIds: readonly number[], cuit: string): Promise<ScreeningMatch[]> {
  const sql = rawSql(db);
  const ids = textArray(snapshotIds.map(String));
  // Pipelined in this order: the setting is made before BY_DOCUMENT is planned.
  const [[padron], byDocument] = await Promise.all([
    sql.unsafe<{ denominacion: string | null; tipoPersona: string | null }[]>(GENERIC_PLANS_AND_PADRON_NAME, [cuit], { prepare: true }),
    sql.unsafe<Entry[]>(BY_DOCUMENT, [ids, textArray(documentKeysOf(cuit))], { prepare: true }),
  ]);
  const matches: ScreeningMatch[] = byDocument.map((e) => ({ ...e, via: "documento", score: 1, evidencia: matchedDocument(e, cuit) }));
  const name = padron.denominacion;
  const tokens = name ? nameTokens(name) : [];
  if (name && tokens.length) {
    const kinds = padron.tipoPersona === "FISICA" ? ["persona"] : ["entidad"];
    const combos = combinations(tokens).map(textArray);
    const params = [ids, textArray(kinds), ...combos];
    const candidates = await sql.unsafe<Pick<Entry, "snapshotId" | "entryUid" | "clavesNombre">[]>(byName(combos.length, "candidates"), params, {
      prepare: true,
    });
    const threshold = env().SCREENING_NAME_THRESHOLD;
    const seen = new Set(matches.map((m) => `${m.snapshotId}:${m.entryUid}`));
    const scores = new Map<string, number>();
    const uids = new Set<string>();
    for (const e of candidates) {
      const id = `${e.snapshotId}:${e.entryUid}`;
      if (seen.has(id)) continue;
      const score = bestScore(tokens, e.clavesNombre);
      if (score < threshold) continue;
      scores.set(id, score);
      uids.add(e.entryUid);
    }
    // Only a name that matched reads its entries: a third round trip, for the few CUITs a list names.
    if (uids.size) {
      const entries = await sql.unsafe<Entry[]>(byName(combos.length, "matches"), [...params, quotedArray([...uids])], { prepare: true });
      for (const e of entries) {
        const score = scores.get(`${e.snapshotId}:${e.entryUid}`);
        if (score !== undefined) matches.push({ ...e, via: "nombre", score, evidencia: name });
      }
    }
  }
  return matches.sort(
    (a, b) => (a.via === b.via ? 0 : a.via === "documento" ? -1 : 1) || b.score - a.score || a.lista.localeCompare(b.lista) || a.entryUid.localeCompare(b.entryUid),
  );
}

/** The entry's document a CUIT matched, as the list writes it: its CUIT or CUIL, else its DNI. */
function matchedDocument(e: Entry, cuit: string): string {
  const docs = (e.documentos ?? "").split("; ");
  const digits = (d: string) => d.replace(/\D/g, "");
  return docs.find((d) => digits(d).includes(cuit)) ?? docs.find((d) => digits(d).includes(cuit.slice(2, 10))) ?? formatCuit(cuit);
}

const describe = (m: ScreeningMatch) =>
  [
    m.nombre,
    m.via === "documento" ? `coincidencia por documento (${m.evidencia})` : `coincidencia por nombre con ${m.evidencia}`,
    `puntaje ${m.score.toFixed(2)}`,
    m.numeroReferencia && `referencia ${m.numeroReferencia}`,
    m.programa && `programa ${m.programa}`,
    m.fechaInclusion && `incluido el ${m.fechaInclusion}`,
    m.nacionalidad && `nacionalidad ${m.nacionalidad}`,
    m.fechaNacimiento && `nacimiento ${m.fechaNacimiento}`,
    m.alias && `alias ${m.alias}`,
    `lista ${m.lista} del ${m.snapshotDate}`,
  ]
    .filter(Boolean)
    .join(" · ");

/**
 * Sanctions lists (UN consolidated, RePET, OFAC SDN): a list source. The first field counts the matches; each
 * further one is a match, labelled by its list and reference and stamped with its own list's snapshot date.
 */
export const screening = defineSource<ScreeningMatch>({
  key: "screening",
  listSource: true,
  lookup: matchScreening,
  build(rows, f) {
    if (rows.length === 0) return { fields: [f("Coincidencias en listas de sanciones", "Sin coincidencias")] };
    return {
      fields: [
        f("Coincidencias en listas de sanciones", rows.length),
        ...rows.map((m) => ({
          ...f(m.numeroReferencia ? `${m.lista} ${m.numeroReferencia}` : m.lista, describe(m)),
          snapshot_date: m.snapshotDate,
        })),
      ],
    };
  },
});
