import iconv from "iconv-lite";
import type { Member } from "./archive";
import { members, pick } from "./archive";
import { checkFirstRecord, isoDate, pad, tipoPersona, wrongLength } from "./fixed-width";
import { memberLines } from "./lines";
import type { Importer, ImportItem } from "./types";

/** One line of BCRA's Padron_ARCA.txt. Dates YYYY-MM-DD, null for none. */
export interface BcraPadronRecord {
  cuit: string;
  denominacion: string;
  actividad: string | null;
  baja: boolean;
  cuitReemplazo: string | null;
  fechaNacimientoConstitucion: string | null;
  sexo: "M" | "F" | null;
  codigoPostal: string | null;
  /** AFIP province code, 0 (CABA) to 24 (Tierra del Fuego). */
  provincia: number | null;
  fechaFallecimiento: string | null;
}

const WIDTH = 220;

/** AFIP's province codes (15 is not used). */
export const PROVINCIAS: Record<number, string> = {
  0: "CIUDAD AUTONOMA DE BUENOS AIRES",
  1: "BUENOS AIRES",
  2: "CATAMARCA",
  3: "CORDOBA",
  4: "CORRIENTES",
  5: "ENTRE RIOS",
  6: "JUJUY",
  7: "MENDOZA",
  8: "LA RIOJA",
  9: "SALTA",
  10: "SAN JUAN",
  11: "SAN LUIS",
  12: "SANTA FE",
  13: "SANTIAGO DEL ESTERO",
  14: "TUCUMAN",
  16: "CHACO",
  17: "CHUBUT",
  18: "FORMOSA",
  19: "MISIONES",
  20: "NEUQUEN",
  21: "LA PAMPA",
  22: "RIO NEGRO",
  23: "SANTA CRUZ",
  24: "TIERRA DEL FUEGO",
};

const FORMAT = { format: "bcra-padron", expects: "Padron_ARCA.txt del BCRA: líneas de 220 bytes en Windows-1252, o el .7z publicado" };
const cp1252 = (b: Buffer) => iconv.decode(b, "win1252");

/** Actividades_ARCA.txt: 0:6 code, 6: description. Small (about a thousand lines): read whole. */
async function activities(list: readonly Member[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for await (const batch of memberLines(list)) {
    for (const line of batch.lines) {
      const text = cp1252(line);
      if (/^\d{6}/.test(text)) out.set(text.slice(0, 6), text.slice(6).trim());
    }
  }
  return out;
}

function parse(line: Buffer, names: Map<string, string>, file: string, number: number): ImportItem {
  const text = line.toString("latin1");
  const bad = (column: string, reason: string): ImportItem => ({ bad: { file, line: number, column, reason } });
  const cuit = text.slice(0, 11);
  const actividad = text.slice(171, 177).trim();
  const mark = text[177];
  if (mark !== "*" && mark !== " ") return bad("baja", `la marca de baja debe ser "*" o un espacio; vino "${mark}"`);
  const reemplazo = text.slice(178, 189).trim();
  const sexo = text[199];
  if (!" MF".includes(sexo)) return bad("sexo", `debe ser M, F o un espacio; vino "${sexo}"`);
  const provincia = text.slice(210, 212).trim();
  if (provincia && !PROVINCIAS[Number(provincia)]) return bad("domicilio_provincia", `código de provincia "${provincia}" desconocido (0 a 24)`);
  return {
    row: {
      cuit,
      denominacion: cp1252(line.subarray(11, 171)).trim().replace(/\s+/g, " "),
      tipo_persona: tipoPersona(cuit),
      estado_clave: mark === "*" ? "INACTIVO" : "ACTIVO",
      actividad_principal_codigo: /^0*$/.test(actividad) ? "" : actividad,
      actividad_principal_descripcion: names.get(actividad) ?? "",
      baja: mark === "*" ? "true" : "false",
      cuit_reemplazo: /^0*$/.test(reemplazo) ? "" : reemplazo,
      fecha_nacimiento_constitucion: isoDate(text.slice(189, 199), ["1901-01-01"]) ?? "",
      sexo: sexo.trim(),
      domicilio_codigo_postal: text.slice(200, 210).trim(),
      domicilio_provincia: provincia ? PROVINCIAS[Number(provincia)] : "",
      fecha_fallecimiento: isoDate(text.slice(212, 220), ["19010101"]) ?? "",
    },
    file,
    line: number,
  };
}

/** BCRA's copy of the padrón (Padron_ARCA.txt in AAAAMMDDPADRON.7z): identidad's personal and address data. */
export const bcraPadron: Importer = {
  ...FORMAT,
  source: "identidad",
  feed: "bcra-padron",
  async *read({ files }) {
    const all = await members(files);
    const names = await activities(all.filter((m) => /actividades/i.test(m.name)));
    for (const member of pick(all, /padron/i, "Padron_ARCA.txt", /actividades/i)) {
      let checked = false;
      for await (const batch of memberLines([member])) {
        for (let i = 0; i < batch.lines.length; i++) {
          const number = batch.first + i;
          const line = batch.lines[i];
          if (line.length === 0) continue;
          if (!checked) {
            checked = true;
            const text = line.toString("latin1");
            checkFirstRecord(line, WIDTH, member.name, number, "Windows-1252", FORMAT, /^\d{11}/.test(text) && /^(\d{4}-\d{2}-\d{2}| {10})$/.test(text.slice(189, 199)));
          }
          yield line.length === WIDTH ? parse(line, names, member.name, number) : { bad: wrongLength(line, WIDTH, member.name, number, "Windows-1252") };
        }
        yield { progress: batch.progress };
      }
    }
  },
};

/** One line in the published layout: 220 bytes of Windows-1252, without the line end. */
export function bcraPadronLine(r: BcraPadronRecord): Buffer {
  const text =
    pad(r.cuit, 11) +
    pad(r.denominacion, 160) +
    pad(r.actividad ?? "000000", 6, "right", "0") +
    (r.baja ? "*" : " ") +
    pad(r.cuitReemplazo ?? "00000000000", 11) +
    pad(r.fechaNacimientoConstitucion ?? "1901-01-01", 10) +
    pad(r.sexo ?? " ", 1) +
    pad(r.codigoPostal, 10) +
    pad(r.provincia ?? "", 2, "right") +
    pad(r.fechaFallecimiento?.replaceAll("-", "") ?? "19010101", 8);
  return iconv.encode(text, "win1252");
}

/** Padron_ARCA.txt as published: CRLF lines. */
export const writeBcraPadron = (records: Iterable<BcraPadronRecord>): Buffer =>
  Buffer.concat([...records].flatMap((r) => [bcraPadronLine(r), Buffer.from("\r\n")]));

/** Actividades_ARCA.txt: code and description. */
export const writeActividades = (rows: Iterable<[string, string]>): Buffer =>
  iconv.encode([...rows].map(([code, text]) => `${pad(code, 6, "right", "0")}${text}\r\n`).join(""), "win1252");
