import iconv from "iconv-lite";
import { CsvError, CsvReader } from "../csv";
import { members, type Member } from "./archive";
import { clean, screeningRow, SCREENING_LISTS, type EntryDocument, type EntryKind, type ScreeningEntry } from "./screening-entry";
import { emptyFile, ImportFileError, wrongFormat, type ImportItem, type Importer } from "./types";

/** Columns of each file of the CSV release, which has no header: the count tells the files apart. */
const WIDTH = { sdn: 12, alt: 5, add: 6 } as const;
type Part = keyof typeof WIDTH;

interface CsvRow {
  fields: (string | null)[];
  line: number;
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The records of one file. The release is a few MB (sdn.csv about 5, the three together about 10), so each file is
 * read whole: alt.csv and add.csv must be held anyway to join them to sdn.csv. Text that is not UTF-8 is read as
 * Windows-1252, the encoding of older releases. Records may be separated by a bare CR (the format's own
 * definition); the release ends with a SUB (0x1A) character. `-0-` (with or without padding) is null.
 */
async function readCsv(member: Member): Promise<CsvRow[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await member.open()) as AsyncIterable<Buffer>) chunks.push(chunk);
  const bytes = Buffer.concat(chunks);
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    text = iconv.decode(bytes, "win1252");
  }
  text = text.replace(/\r(?!\n)/g, "\n").replace(/\u001a/g, "");
  const reader = new CsvReader();
  const rows: CsvRow[] = [];
  try {
    for (const record of reader.feed(text, true)) {
      if (record.fields.length === 1 && !record.fields[0].trim()) continue;
      rows.push({ fields: record.fields.map((f) => (f.trim() === "-0-" ? null : clean(f))), line: record.line });
    }
  } catch (e) {
    if (e instanceof CsvError) throw wrongFormat(ofacSdn, member.name, `línea ${e.line}: ${e.message}`);
    throw e;
  }
  if (rows.length === 0) throw emptyFile(member.name);
  return rows;
}

/** "SDGT] [IFSR" (how the CSV flattens "[SDGT] [IFSR]") to "SDGT; IFSR". */
export const ofacPrograms = (program: string | null): string | null =>
  clean(
    (program ?? "")
      .split(/\]\s*\[/)
      .map((p) => p.replace(/[[\]]/g, "").trim())
      .filter(Boolean)
      .join("; "),
  );

const MONTHS: Record<string, string> = { JAN: "01", FEB: "02", MAR: "03", APR: "04", MAY: "05", JUN: "06", JUL: "07", AUG: "08", SEP: "09", OCT: "10", NOV: "11", DEC: "12" };

/** "13 Jan 1970" to 1970-01-13; anything else (a year, "circa 1970", a range) stays as written. */
function ofacDate(text: string): string {
  const m = /^(\d{1,2}) ([A-Za-z]{3}) (\d{4})$/.exec(text.trim());
  const month = m && MONTHS[m[2].toUpperCase()];
  return m && month ? `${m[3]}-${month}-${m[1].padStart(2, "0")}` : text.trim();
}

/** Identity documents as the remarks write them: `C.U.I.T. 20-12345678-6 (Argentina)`, `Passport X123 (Spain)`. */
const DOCUMENT =
  /^(Passport|Cedula No\.|National ID No\.|Identification Number|D\.N\.I\.|DNI|C\.U\.I\.T\.|CUIT|C\.U\.I\.L\.|CUIL|Tax ID No\.|RFC|C\.U\.R\.P\.|NIT #|R\.U\.C\. #|SSN)\s+(?:No\.\s*)?([A-Za-z0-9][\w./-]*)(?:\s+\(([^)]+)\))?/;

/** What the remarks say about documents, birth dates and nationality, and the rest as remarks. */
export function parseRemarks(remarks: string | null) {
  const documentos: EntryDocument[] = [];
  const nacimiento: string[] = [];
  const nacionalidad: string[] = [];
  for (const item of (remarks ?? "").replace(/\.$/, "").split(/;\s*/)) {
    const doc = DOCUMENT.exec(item.trim());
    if (doc) documentos.push({ tipo: doc[1], numero: doc[2], pais: doc[3] ?? null });
    else if (/^(alt\. )?DOB /.test(item.trim())) nacimiento.push(ofacDate(item.trim().replace(/^(alt\. )?DOB /, "")));
    else if (/^nationality /.test(item.trim())) nacionalidad.push(item.trim().slice(12));
  }
  return { documentos, nacimiento, nacionalidad };
}

const KINDS: Record<string, EntryKind> = { individual: "persona", vessel: "buque", aircraft: "aeronave" };

function entryOf(sdn: (string | null)[], alts: string[], addresses: string[]): ScreeningEntry {
  const [entNum, name, type, program, title, callSign, vessType, , , vessFlag, vessOwner, remarks] = sdn;
  const { documentos, nacimiento, nacionalidad } = parseRemarks(remarks);
  const vessel = [vessType, callSign && `call sign ${callSign}`, vessFlag && `bandera ${vessFlag}`, vessOwner && `propietario ${vessOwner}`].filter(Boolean);
  const observaciones = [title, remarks, vessel.length ? vessel.join(", ") : null, addresses.length ? `Domicilio: ${addresses.join("; ")}` : null]
    .filter(Boolean)
    .join(" · ");
  return {
    lista: SCREENING_LISTS.ofac,
    entryUid: entNum!,
    numeroReferencia: entNum,
    nombre: name!,
    alias: alts,
    tipoEntrada: KINDS[(type ?? "").toLowerCase()] ?? "entidad",
    programa: ofacPrograms(program),
    // The CSV release carries no listing date.
    fechaInclusion: null,
    documentos,
    nacionalidad: nacionalidad.length ? [...new Set(nacionalidad)].join("; ") : null,
    fechaNacimiento: nacimiento.length ? [...new Set(nacimiento)].join("; ") : null,
    observaciones: observaciones || null,
  };
}

/**
 * OFAC's SDN list in its CSV release: sdn.csv (one row per entry), alt.csv (aliases) and add.csv (addresses),
 * joined by ent_num. None has a header; each file is recognized by its number of columns, so renamed downloads
 * work. Documents (C.U.I.T., D.N.I., passports) and dates of birth are read from the remarks.
 */
export const ofacSdn: Importer = {
  format: "ofac-sdn",
  source: "screening",
  feed: "ofac",
  expects: "sdn.csv de OFAC (sin encabezado, 12 columnas, nulos -0-), con alt.csv y add.csv opcionales",
  async *read({ files }): AsyncGenerator<ImportItem> {
    const parts: Partial<Record<Part, { member: Member; rows: CsvRow[] }>> = {};
    for (const member of await members(files)) {
      const rows = await readCsv(member);
      const part = (Object.keys(WIDTH) as Part[]).find((p) => WIDTH[p] === rows[0].fields.length);
      if (!part) throw wrongFormat(ofacSdn, member.name, `la primera línea tiene ${rows[0].fields.length} columnas (sdn.csv tiene 12, alt.csv 5, add.csv 6)`);
      if (parts[part]) throw new ImportFileError("archivo_invalido", `Se pasaron dos archivos con el formato de ${part}.csv: ${parts[part].member.name} y ${member.name}.`);
      parts[part] = { member, rows };
    }
    const sdn = parts.sdn;
    if (!sdn) throw wrongFormat(ofacSdn, files.join(", "), "falta sdn.csv (el archivo de 12 columnas)");
    const known = new Set(sdn.rows.map((r) => r.fields[0]));
    const attached = new Map<string, { alts: string[]; addresses: string[] }>();
    const at = (ent: string) => attached.get(ent) ?? attached.set(ent, { alts: [], addresses: [] }).get(ent)!;
    for (const part of ["alt", "add"] as const) {
      const file = parts[part];
      for (const { fields, line } of file?.rows ?? []) {
        const bad = (reason: string) => ({ bad: { file: file!.member.name, line, reason } });
        const ent = fields[0];
        if (fields.length !== WIDTH[part]) yield bad(`tiene ${fields.length} columnas y ${part}.csv tiene ${WIDTH[part]}`);
        else if (!ent || !known.has(ent)) yield bad(`ent_num ${ent ?? "vacío"} no está en sdn.csv`);
        else if (part === "alt" && fields[3]) at(ent).alts.push(fields[3]);
        else if (part === "add") {
          const address = [fields[2], fields[3], fields[4]].filter(Boolean).join(", ");
          if (address) at(ent).addresses.push(address);
        }
      }
    }
    let done = 0;
    for (const { fields, line } of sdn.rows) {
      const name = sdn.member.name;
      if (fields.length !== WIDTH.sdn) yield { bad: { file: name, line, reason: `tiene ${fields.length} columnas y sdn.csv tiene 12` } };
      else if (!fields[0] || !/^\d+$/.test(fields[0])) yield { bad: { file: name, line, column: "ent_num", reason: `ent_num debe ser un número; vino "${fields[0] ?? ""}"` } };
      else if (!fields[1]) yield { bad: { file: name, line, column: "SDN_Name", reason: "la entrada no tiene nombre" } };
      else {
        const extra = attached.get(fields[0]) ?? { alts: [], addresses: [] };
        yield { row: screeningRow(entryOf(fields, extra.alts, extra.addresses)), file: name, line };
      }
      if (++done % 2000 === 0) yield { progress: { done, total: sdn.rows.length } };
    }
  },
};

const q = (v: string | number | null | undefined) => (v === null || v === undefined || v === "" ? "-0- " : `"${String(v).replaceAll('"', '""')}"`);
const lines = (rows: string[][]) => `${rows.map((r) => r.join(",")).join("\r\n")}\r\n\u001a`;
const OFAC_TYPE: Record<EntryKind, string | null> = { persona: "individual", entidad: null, buque: "vessel", aeronave: "aircraft" };

/**
 * sdn.csv and alt.csv of these entries, in the published layout (documents, DOB and nationality in the remarks);
 * alt.csv is null when no entry has an alias. Entries carry no structured address, so no add.csv is written.
 */
export function writeOfacSdn(entries: readonly ScreeningEntry[]): { sdn: string; alt: string | null } {
  let altNum = 1000;
  const remarks = (e: ScreeningEntry) =>
    [
      ...(e.fechaNacimiento?.split("; ").map((d) => `DOB ${d}`) ?? []),
      ...(e.nacionalidad ? [`nationality ${e.nacionalidad}`] : []),
      ...e.documentos.map((d) => `${d.tipo} ${d.numero}${d.pais ? ` (${d.pais})` : ""}`),
      ...(e.observaciones ? [e.observaciones] : []),
    ].join("; ");
  const sdn = entries.map((e) => {
    const r = remarks(e);
    return [e.entryUid, q(e.nombre), q(OFAC_TYPE[e.tipoEntrada]), q(e.programa?.replaceAll("; ", "] [")), ...Array<string>(7).fill("-0- "), q(r ? `${r}.` : null)];
  });
  const alt = entries.flatMap((e) => e.alias.map((a) => [e.entryUid, String(altNum++), q("aka"), q(a), "-0- "]));
  return { sdn: lines(sdn), alt: alt.length ? lines(alt) : null };
}
