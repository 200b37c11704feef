import { members } from "./archive";
import { isObject, jsonRecords, memberText } from "./json-records";
import { screeningRow, SCREENING_LISTS, type ScreeningEntry } from "./screening-entry";
import { wrongFormat, type ImportItem, type Importer } from "./types";
import { entryFromUnRecord } from "./un-keys";

/** Which of the two files a member is: by name first (operators keep RePET's names), else by its records' keys. */
function kindOf(name: string, records: Record<string, unknown>[]): "persona" | "entidad" {
  if (/entidad/i.test(name)) return "entidad";
  if (/persona/i.test(name)) return "persona";
  return records.some((r) => "ENTITY_ALIAS" in r || "ENTITY_ADDRESS" in r) ? "entidad" : "persona";
}

/**
 * RePET, Argentina's register of persons and entities linked to terrorism and its financing: `personas.json` and
 * `entidades.json`, arrays of records with the UN list's keys, dates as dd/mm/yyyy and local references
 * (ArE.00005). Its documents include CUIT, CUIL and DNI, which the engine matches exactly.
 */
export const repet: Importer = {
  format: "repet",
  source: "screening",
  feed: "repet",
  expects: "personas.json y entidades.json del RePET (arreglos JSON con las claves de la lista de la ONU: DATAID, FIRST_NAME, REFERENCE_NUMBER...)",
  async *read({ files }): AsyncGenerator<ImportItem> {
    for (const member of await members(files)) {
      const records = jsonRecords(await memberText(member));
      if (!records || !records.every((r) => r.value === undefined || isObject(r.value))) {
        throw wrongFormat(repet, member.name, "no es un arreglo JSON de registros");
      }
      const objects = records.map((r) => r.value).filter(isObject);
      if (objects.length && !objects.some((o) => "DATAID" in o)) {
        throw wrongFormat(repet, member.name, "los registros no tienen DATAID");
      }
      const kind = kindOf(member.name, objects);
      let done = 0;
      for (const { value, line } of records) {
        if (!isObject(value)) {
          yield { bad: { file: member.name, line, reason: "la línea no es un objeto JSON" } };
          continue;
        }
        const entry = entryFromUnRecord(value, kind, SCREENING_LISTS.repet);
        if ("problem" in entry) yield { bad: { file: member.name, line, reason: entry.problem } };
        else yield { row: screeningRow(entry), file: member.name, line };
        if (++done % 500 === 0) yield { progress: { done, total: records.length } };
      }
    }
  },
};

const dmy = (iso: string | null) => (iso && /^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : iso);

function record(e: ScreeningEntry): Record<string, unknown> {
  const person = e.tipoEntrada === "persona";
  const words = e.nombre.split(" ");
  const [first, second, third] = person ? [words[0], words[1] ?? null, words.slice(2).join(" ") || null] : [e.nombre, null, null];
  const prefix = person ? "INDIVIDUAL" : "ENTITY";
  return {
    DATAID: e.entryUid,
    VERSIONNUM: "1",
    FIRST_NAME: first,
    SECOND_NAME: second,
    THIRD_NAME: third,
    FOURTH_NAME: null,
    UN_LIST_TYPE: e.programa,
    REFERENCE_NUMBER: e.numeroReferencia,
    LISTED_ON: dmy(e.fechaInclusion),
    NAME_ORIGINAL_SCRIPT: null,
    COMMENTS1: e.observaciones,
    ...(person ? { NATIONALITY: e.nacionalidad ? [{ VALUE: e.nacionalidad }] : [] } : {}),
    LIST_TYPE: [{ VALUE: "RePET" }],
    LAST_DAY_UPDATED: [],
    [`${prefix}_ALIAS`]: e.alias.map((a) => ({ QUALITY: "Good", ALIAS_NAME: a })),
    [`${prefix}_ADDRESS`]: [],
    ...(person
      ? {
          INDIVIDUAL_DATE_OF_BIRTH: (e.fechaNacimiento?.split("; ") ?? []).map((d) => ({ TYPE_OF_DATE: "EXACT", DATE: dmy(d) })),
          INDIVIDUAL_DOCUMENT: e.documentos.map((d) => ({ TYPE_OF_DOCUMENT: d.tipo, NUMBER: d.numero, ISSUING_COUNTRY: d.pais ?? null })),
        }
      : {}),
  };
}

/** personas.json and entidades.json of these entries, in RePET's published layout. */
export function writeRepet(entries: readonly ScreeningEntry[]): { personas: string; entidades: string } {
  const json = (list: readonly ScreeningEntry[]) => `${JSON.stringify(list.map(record), null, 1)}\n`;
  return {
    personas: json(entries.filter((e) => e.tipoEntrada === "persona")),
    entidades: json(entries.filter((e) => e.tipoEntrada !== "persona")),
  };
}
