import type { DbOrTx } from "@/db/client";
import { srcScreening } from "@/db/schema";
import { env } from "@/lib/env";
import { fileColumns } from "@/lib/sources/columns";
import { bestVariantScore, nameTokens } from "@/lib/sources/formats/names";
import { cuitDocumentKeys } from "@/lib/sources/formats/screening-entry";
import { PADRON_NAME } from "@/lib/sources/snapshots";
import { rawSql } from "@/db/raw";
import type { SectionChange } from "@/lib/schemas/monitoring";
import { summarizeScreening } from "./summarize";

type Entry = {
  side: "added" | "gone";
  entry_uid: string;
  lista: string;
  nombre: string;
  claves_nombre: string | null;
  claves_documento: string | null;
  tipo_entrada: string;
};

const ROW = `hashtextextended(row(${fileColumns(srcScreening).map((c) => `t."${c.name}"`).join(", ")})::text, 0)`;

/** Entries that are new or changed in the new snapshot (`added`) or gone or changed from the previous one (`gone`). */
const CHANGED_ENTRIES = `
  with n as (select t.entry_uid, ${ROW} as h from src_screening t where t.snapshot_id = $1::int),
  p as (select t.entry_uid, ${ROW} as h from src_screening t where t.snapshot_id = $2::int),
  added as (select * from n except select * from p),
  gone as (select * from p except select * from n)
  select 'added' as side, t.entry_uid, t.lista, t.nombre, t.claves_nombre, t.claves_documento, t.tipo_entrada
    from src_screening t join added a on a.entry_uid = t.entry_uid and a.h = ${ROW} where t.snapshot_id = $1::int
  union all
  select 'gone', t.entry_uid, t.lista, t.nombre, t.claves_nombre, t.claves_documento, t.tipo_entrada
    from src_screening t join gone g on g.entry_uid = t.entry_uid and g.h = ${ROW} where t.snapshot_id = $2::int`;

/** Each watched CUIT with the padrón's name, as the engine's screening reads it (PADRON_NAME). */
const WATCHED_NAMES = `
  select w.cuit, i.denominacion, i.tipo_persona from (select distinct cuit from watchlist) w
  left join lateral (${PADRON_NAME("w.cuit")}) i on true`;

/**
 * Screening matches a taxpayer at report time, by document or by the padrón's name (lib/engine/sources/screening.ts),
 * so most entries carry no CUIT to compare. Instead: the entries that changed between the two snapshots (usually a
 * handful), matched the engine's way against every watched CUIT, through an index of the changed entries' words.
 */
export async function screeningChanges(db: DbOrTx, snapshotId: number, previousId: number | null): Promise<Map<string, SectionChange>> {
  const sql = rawSql(db);
  const entries = await sql.unsafe<Entry[]>(CHANGED_ENTRIES, [snapshotId, previousId ?? 0]);
  const out = new Map<string, SectionChange>();
  if (entries.length === 0) return out;
  const byDocument = new Map<string, Entry[]>();
  const byWord = new Map<string, Set<Entry>>();
  for (const e of entries) {
    for (const key of (e.claves_documento ?? "").split(" ").filter(Boolean)) byDocument.set(key, [...(byDocument.get(key) ?? []), e]);
    for (const word of (e.claves_nombre ?? "").split(/[| ]/).filter(Boolean)) {
      const set = byWord.get(word) ?? new Set<Entry>();
      set.add(e);
      byWord.set(word, set);
    }
  }
  const threshold = env().SCREENING_NAME_THRESHOLD;
  const watched = await sql.unsafe<{ cuit: string; denominacion: string | null; tipo_persona: string | null }[]>(WATCHED_NAMES);
  for (const w of watched) {
    const matched = new Set<Entry>(cuitDocumentKeys(w.cuit).flatMap((k) => byDocument.get(k) ?? []));
    const tokens = w.denominacion ? nameTokens(w.denominacion) : [];
    const kind = w.tipo_persona === "FISICA" ? "persona" : "entidad";
    const candidates = new Set<Entry>(tokens.flatMap((t) => [...(byWord.get(t) ?? [])]));
    for (const e of candidates) if (!matched.has(e) && e.tipo_entrada === kind && bestVariantScore(tokens, e.claves_nombre) >= threshold) matched.add(e);
    if (matched.size === 0) continue;
    const list = [...matched];
    const before = new Set(list.filter((e) => e.side === "gone").map((e) => e.entry_uid));
    const after = new Set(list.filter((e) => e.side === "added").map((e) => e.entry_uid));
    // An entry edited but still matching is no news for this CUIT; one that starts or stops matching is.
    const change = summarizeScreening(
      list.filter((e) => e.side === "added" && !before.has(e.entry_uid)),
      list.filter((e) => e.side === "gone" && !after.has(e.entry_uid)),
    );
    if (change) out.set(w.cuit, change);
  }
  return out;
}
