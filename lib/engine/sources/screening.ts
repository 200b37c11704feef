import type { DbOrTx } from "@/db/client";
import type { srcScreening } from "@/db/schema";
import { formatCuit } from "@/lib/cuit/validate";
import { env } from "@/lib/env";
import { bestVariantScore, nameTokens } from "@/lib/sources/formats/names";
import { cuitDocumentKeys } from "@/lib/sources/formats/screening-entry";
import { PADRON_NAME } from "@/lib/sources/snapshots";
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

/** An entry's columns as the engine reads them, by the entry's field names. */
const ENTRY_FIELDS = [
  ["snapshotId", "e.snapshot_id"],
  ["cuit", "e.cuit"],
  ["lista", "e.lista"],
  ["entryUid", "e.entry_uid"],
  ["numeroReferencia", "e.numero_referencia"],
  ["nombre", "e.nombre"],
  ["nombreNormalizado", "e.nombre_normalizado"],
  ["alias", "e.alias"],
  ["clavesNombre", "e.claves_nombre"],
  ["tipoEntrada", "e.tipo_entrada"],
  ["programa", "e.programa"],
  ["fechaInclusion", "e.fecha_inclusion::text"],
  ["documentos", "e.documentos"],
  ["clavesDocumento", "e.claves_documento"],
  ["nacionalidad", "e.nacionalidad"],
  ["fechaNacimiento", "e.fecha_nacimiento"],
  ["observaciones", "e.observaciones"],
  ["snapshotDate", "s.snapshot_date::text"],
] as const satisfies readonly (readonly [keyof Entry, string])[];

const COLUMNS = ENTRY_FIELDS.map(([field, column]) => `${column} as "${field}"`).join(", ");

/**
 * A CUIT's padrón name (PADRON_NAME), and the list entries that hold one of its document keys, as one JSON array.
 * One statement for both: screening reads the padrón's name itself so that its name match need not wait for the
 * table sources' statement. It always returns one row; `denominacion` is null when the padrón does not hold the
 * CUIT, `byDocument` when no entry holds its documents.
 */
const PADRON_NAME_AND_DOCUMENTS = `select p.denominacion, p.tipo_persona as "tipoPersona",
  (select json_agg(json_build_object(${ENTRY_FIELDS.map(([field, column]) => `'${field}', ${column}`).join(", ")}))
     from src_screening e join source_snapshots s on s.id = e.snapshot_id
    where e.snapshot_id = any($2::int4[]) and string_to_array(e.claves_documento, ' ') && $3::text[]) as "byDocument"
  from (select 1) as one
  left join lateral (${PADRON_NAME("$1")}) as p on true`;

// The token expressions (here and in PADRON_NAME_AND_DOCUMENTS) are the ones of the GIN indexes on src_screening
// (db/schema/sources.ts).
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
 * token index still finds them. Each statement is prepared once. In a report's transaction these statements and
 * PADRON_NAME_AND_DOCUMENTS run their cached generic plans (`reportSnapshots`, lib/sources/snapshots.ts, says why).
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

/** An array literal as text: one parameter type for every call, so each statement is prepared once. */
const textArray = (values: readonly string[]) => `{${values.join(",")}}`;

/** The same for values that may hold any character (the lists' own entry ids): each element quoted. */
const quotedArray = (values: readonly string[]) => `{${values.map((v) => `"${v.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;

/**
 * Matches a CUIT against the entries of every current list: an exact CUIT, CUIL or DNI document first; otherwise
 * the padrón's name against each entry's name and aliases (persons against persons, companies against entities),
 * kept from `SCREENING_NAME_THRESHOLD` up. Two round trips: documents and the padrón's name together, then the
 * name's candidates through the token index; a third reads the entries the name matched, when it matched any.
 */
export async function matchScreening(db: DbOrTx, snapshotIds: readonly number[], cuit: string): Promise<ScreeningMatch[]> {
  const sql = rawSql(db);
  const ids = textArray(snapshotIds.map(String));
  type Padron = { denominacion: string | null; tipoPersona: string | null; byDocument: Entry[] | null };
  const [padron] = await sql.unsafe<Padron[]>(PADRON_NAME_AND_DOCUMENTS, [cuit, ids, textArray(cuitDocumentKeys(cuit))], { prepare: true });
  const matches: ScreeningMatch[] = (padron.byDocument ?? []).map((e) => ({ ...e, via: "documento", score: 1, evidencia: matchedDocument(e, cuit) }));
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
      const score = bestVariantScore(tokens, e.clavesNombre);
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
