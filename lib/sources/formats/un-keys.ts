import { clean, type EntryDocument, type EntryKind, type ScreeningEntry, type ScreeningList } from "./screening-entry";

/**
 * The UN consolidated list's record (INDIVIDUAL or ENTITY), read from its XML or from RePET's JSON, which copies
 * its keys: the same mapping serves both. Only the shape of repeated values and the date format differ.
 */
export type UnRecord = Record<string, unknown>;

/** Values as the two publications nest them: `{VALUE: [..]}` (XML), `[{VALUE}]` (RePET), or a bare value. */
export function unValues(node: unknown): string[] {
  if (node === null || node === undefined) return [];
  if (Array.isArray(node)) return node.flatMap(unValues);
  if (typeof node === "object") {
    const o = node as Record<string, unknown>;
    return "VALUE" in o ? unValues(o.VALUE) : [];
  }
  const v = clean(node);
  return v ? [v] : [];
}

const list = (node: unknown): Record<string, unknown>[] =>
  (Array.isArray(node) ? node : node ? [node] : []).filter((n): n is Record<string, unknown> => typeof n === "object" && n !== null);

/** 2001-10-06 (UN) or 06/10/2001 (RePET), maybe with a time after it, to YYYY-MM-DD; null for anything else. */
export function unDate(value: unknown): string | null {
  const [s] = unValues(value);
  if (!s) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})/.exec(s);
  return dmy ? `${dmy[3]}-${dmy[2].padStart(2, "0")}-${dmy[1].padStart(2, "0")}` : null;
}

/**
 * The list's reference (QDi.123, ArE.00005). RePET sometimes glues it to other text ("Unidad de Información
 * FinancieraArE.00005") or gives two ("HArE.001 y HArE.002"): the references are picked out of the text.
 */
function reference(value: unknown): string | null {
  const text = clean(value);
  const found = text?.match(/[A-Z][A-Za-z]{1,4}\.\d+/g);
  return found ? found.join("; ") : text;
}

/** Aliases the list itself rates "Low" are too loose to match a taxpayer on; the others are kept. */
function aliases(record: UnRecord, kind: EntryKind): string[] {
  const nodes = list(record[kind === "persona" ? "INDIVIDUAL_ALIAS" : "ENTITY_ALIAS"]);
  const names = nodes
    .filter((a) => clean(a.QUALITY) !== "Low")
    .flatMap((a) => (clean(a.ALIAS_NAME) ?? "").split(/\s*;\s*/));
  return [...names, ...unValues(record.NAME_ORIGINAL_SCRIPT)].map((n) => clean(n)).filter((n): n is string => !!n);
}

function documents(record: UnRecord): EntryDocument[] {
  return list(record.INDIVIDUAL_DOCUMENT).flatMap((d) => {
    const numero = clean(d.NUMBER);
    const tipo = clean(d.TYPE_OF_DOCUMENT) ?? clean(d.TYPE_OF_DOCUMENT2);
    return numero && tipo ? [{ tipo, numero, pais: clean(d.ISSUING_COUNTRY) ?? clean(d.COUNTRY_OF_ISSUE) }] : [];
  });
}

function birthDates(record: UnRecord): string | null {
  const dates = list(record.INDIVIDUAL_DATE_OF_BIRTH).flatMap((d) => {
    const date = unDate(d.DATE) ?? clean(d.YEAR);
    if (date) return [date];
    const from = clean(d.FROM_YEAR);
    const to = clean(d.TO_YEAR);
    return from || to ? [`${from ?? "?"}-${to ?? "?"}`] : [];
  });
  return dates.length ? [...new Set(dates)].join("; ") : null;
}

function addresses(record: UnRecord, kind: EntryKind): string[] {
  return list(record[kind === "persona" ? "INDIVIDUAL_ADDRESS" : "ENTITY_ADDRESS"])
    .map((a) => [a.STREET, a.CITY, a.STATE_PROVINCE, a.COUNTRY].map(clean).filter(Boolean).join(", "))
    .filter(Boolean);
}

/**
 * One list record to an entry, or the reason it cannot be one. A person's name is FIRST_NAME to FOURTH_NAME in
 * order; an entity's is FIRST_NAME.
 */
export function entryFromUnRecord(
  record: UnRecord,
  kind: Extract<EntryKind, "persona" | "entidad">,
  lista: ScreeningList,
): ScreeningEntry | { problem: string } {
  const entryUid = clean(record.DATAID);
  const nombre = ["FIRST_NAME", "SECOND_NAME", "THIRD_NAME", "FOURTH_NAME"]
    .map((k) => clean(record[k]))
    .filter(Boolean)
    .join(" ");
  if (!entryUid) return { problem: "la entrada no tiene DATAID" };
  if (!nombre) return { problem: `la entrada ${entryUid} no tiene nombre (FIRST_NAME)` };
  const domicilios = addresses(record, kind);
  const observaciones = [clean(record.COMMENTS1), domicilios.length ? `Domicilio: ${domicilios.join("; ")}` : null]
    .filter(Boolean)
    .join(" · ");
  const nacionalidad = unValues(record.NATIONALITY);
  return {
    lista,
    entryUid,
    numeroReferencia: reference(record.REFERENCE_NUMBER),
    nombre,
    alias: aliases(record, kind),
    tipoEntrada: kind,
    programa: clean(record.UN_LIST_TYPE) ?? unValues(record.LIST_TYPE)[0] ?? null,
    fechaInclusion: unDate(record.LISTED_ON),
    documentos: documents(record),
    nacionalidad: nacionalidad.length ? nacionalidad.join("; ") : null,
    fechaNacimiento: kind === "persona" ? birthDates(record) : null,
    observaciones: observaciones || null,
  };
}
