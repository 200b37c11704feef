import { XMLParser, XMLValidator } from "fast-xml-parser";
import { members } from "./archive";
import { screeningRow, SCREENING_LISTS, type ScreeningEntry } from "./screening-entry";
import { emptyFile, wrongFormat, type ImportItem, type Importer } from "./types";
import { entryFromUnRecord, type UnRecord } from "./un-keys";

const parser = new XMLParser({
  ignoreAttributes: true,
  // Values stay text: DATAIDs and document numbers are identifiers, not numbers.
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === "INDIVIDUAL" || name === "ENTITY",
});

async function readAll(stream: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

/** Line numbers of each `<TAG>` in the text, in order: the records' positions for bad-line reports. */
function tagLines(text: string, tag: string): number[] {
  const lines: number[] = [];
  const re = new RegExp(`<${tag}[\\s>]`, "g");
  let line = 1;
  let from = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    for (let i = text.indexOf("\n", from); i !== -1 && i < m.index; i = text.indexOf("\n", i + 1)) line++;
    from = m.index;
    lines.push(line);
  }
  return lines;
}

/**
 * The UN Security Council consolidated list (consolidated.xml): CONSOLIDATED_LIST with INDIVIDUALS/INDIVIDUAL and
 * ENTITIES/ENTITY. The file is about 2 MB, so it is read whole and parsed in one go (fast-xml-parser does not
 * stream); memory is a few times that, once per import.
 */
export const unConsolidated: Importer = {
  format: "un-consolidated",
  source: "screening",
  feed: "un",
  expects: "la Lista Consolidada del Consejo de Seguridad de la ONU en XML (CONSOLIDATED_LIST con INDIVIDUALS y ENTITIES)",
  async *read({ files }): AsyncGenerator<ImportItem> {
    for (const member of await members(files)) {
      const text = await readAll(await member.open());
      if (!text.trim()) throw emptyFile(member.name);
      const valid = XMLValidator.validate(text);
      if (valid !== true) throw wrongFormat(unConsolidated, member.name, `no es XML válido (línea ${valid.err.line}: ${valid.err.msg})`);
      const root = (parser.parse(text) as { CONSOLIDATED_LIST?: Record<string, { INDIVIDUAL?: UnRecord[]; ENTITY?: UnRecord[] } | string> })
        .CONSOLIDATED_LIST;
      if (!root || typeof root !== "object") throw wrongFormat(unConsolidated, member.name, "el elemento raíz no es CONSOLIDATED_LIST");
      const groups = [
        { kind: "persona" as const, tag: "INDIVIDUAL", records: (root.INDIVIDUALS as { INDIVIDUAL?: UnRecord[] })?.INDIVIDUAL ?? [] },
        { kind: "entidad" as const, tag: "ENTITY", records: (root.ENTITIES as { ENTITY?: UnRecord[] })?.ENTITY ?? [] },
      ];
      const total = groups[0].records.length + groups[1].records.length;
      let done = 0;
      for (const { kind, tag, records } of groups) {
        const lines = tagLines(text, tag);
        for (const [i, record] of records.entries()) {
          const line = lines[i] ?? 1;
          const entry = entryFromUnRecord(record, kind, SCREENING_LISTS.un);
          if ("problem" in entry) yield { bad: { file: member.name, line, reason: entry.problem } };
          else yield { row: screeningRow(entry), file: member.name, line };
          if (++done % 500 === 0) yield { progress: { done, total } };
        }
      }
      yield { progress: { done, total } };
    }
  },
};

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
const tag = (name: string, value: string | null | undefined) => (value ? `<${name}>${escape(value)}</${name}>` : `<${name}/>`);

/** A person's name split the way the list writes it: the first word, the second, and the rest. */
const nameParts = (e: ScreeningEntry) => {
  if (e.tipoEntrada !== "persona") return [e.nombre];
  const words = e.nombre.split(" ");
  return [words[0], words[1], words.slice(2).join(" ")].filter(Boolean);
};

function record(e: ScreeningEntry): string {
  const person = e.tipoEntrada === "persona";
  const prefix = person ? "INDIVIDUAL" : "ENTITY";
  const parts = nameParts(e);
  return [
    `<${prefix}>`,
    tag("DATAID", e.entryUid),
    tag("VERSIONNUM", "1"),
    ...["FIRST_NAME", "SECOND_NAME", "THIRD_NAME"].slice(0, parts.length).map((k, i) => tag(k, parts[i])),
    tag("UN_LIST_TYPE", e.programa),
    tag("REFERENCE_NUMBER", e.numeroReferencia),
    tag("LISTED_ON", e.fechaInclusion),
    tag("COMMENTS1", e.observaciones),
    ...(person && e.nacionalidad ? [`<NATIONALITY>${tag("VALUE", e.nacionalidad)}</NATIONALITY>`] : []),
    `<LIST_TYPE>${tag("VALUE", "UN List")}</LIST_TYPE>`,
    `<LAST_DAY_UPDATED>${tag("VALUE", null)}</LAST_DAY_UPDATED>`,
    ...e.alias.map((a) => `<${prefix}_ALIAS>${tag("QUALITY", "Good")}${tag("ALIAS_NAME", a)}</${prefix}_ALIAS>`),
    `<${prefix}_ADDRESS>${tag("COUNTRY", null)}</${prefix}_ADDRESS>`,
    ...(person && e.fechaNacimiento
      ? e.fechaNacimiento.split("; ").map((d) => `<INDIVIDUAL_DATE_OF_BIRTH>${tag("TYPE_OF_DATE", "EXACT")}${tag("DATE", d)}</INDIVIDUAL_DATE_OF_BIRTH>`)
      : []),
    ...(person
      ? e.documentos.map((d) => `<INDIVIDUAL_DOCUMENT>${tag("TYPE_OF_DOCUMENT", d.tipo)}${tag("NUMBER", d.numero)}${tag("ISSUING_COUNTRY", d.pais)}</INDIVIDUAL_DOCUMENT>`)
      : []),
    tag("SORT_KEY", null),
    tag("SORT_KEY_LAST_MOD", null),
    `</${prefix}>`,
  ].join("\n");
}

/** consolidated.xml with these entries, in the published layout (fixtures, the demo and benchmarks). */
export function writeUnConsolidated(entries: readonly ScreeningEntry[], generated = "2026-01-01T00:00:00Z"): string {
  const persons = entries.filter((e) => e.tipoEntrada === "persona").map(record);
  const entities = entries.filter((e) => e.tipoEntrada !== "persona").map(record);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<CONSOLIDATED_LIST xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" dateGenerated="${generated}">`,
    "<INDIVIDUALS>",
    ...persons,
    "</INDIVIDUALS>",
    "<ENTITIES>",
    ...entities,
    "</ENTITIES>",
    "</CONSOLIDATED_LIST>",
    "",
  ].join("\n");
}
