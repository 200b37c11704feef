import { members, pick } from "./archive";
import { checkFirstRecord, pad, tipoPersona, wrongLength } from "./fixed-width";
import { memberLines } from "./lines";
import type { Importer, ImportItem } from "./types";

/** One record of ARCA's condición tributaria file, codes as published. */
export interface ArcaPadronRecord {
  cuit: string;
  denominacion: string;
  /** NI, AC, EX, NC. */
  ganancias: string;
  /** NI, AC, EX, NA, XN, AN. */
  iva: string;
  /** NI, or the category. */
  monotributo: string;
  integranteSociedades: boolean;
  empleador: boolean;
  actividadMonotributo: string;
}

const WIDTH = 51;

export const GANANCIAS: Record<string, string> = { NI: "NO INSCRIPTO", AC: "ACTIVO", EX: "EXENTO", NC: "NO CORRESPONDE" };
export const IVA: Record<string, string> = {
  NI: "NO INSCRIPTO",
  AC: "ACTIVO",
  EX: "EXENTO",
  NA: "NO ALCANZADO",
  XN: "EXENTO NO ALCANZADO",
  AN: "ACTIVO NO ALCANZADO",
};

const FORMAT = { format: "arca-padron", expects: "padrón de ARCA apellidoNombreDenominacion: registros de 51 caracteres, o su ZIP" };

/** The record at 0:11 CUIT, 11:41 name, 41:43 ganancias, 43:45 IVA, 45:47 monotributo, 47 sociedades, 48 empleador, 49:51 actividad. */
function parse(text: string, file: string, line: number): ImportItem {
  const bad = (column: string, reason: string): ImportItem => ({ bad: { file, line, column, reason } });
  const cuit = text.slice(0, 11);
  const ganancias = GANANCIAS[text.slice(41, 43)];
  if (!ganancias) return bad("impuesto_ganancias", `código de ganancias "${text.slice(41, 43)}" desconocido (NI, AC, EX o NC)`);
  const iva = IVA[text.slice(43, 45)];
  if (!iva) return bad("impuesto_iva", `código de IVA "${text.slice(43, 45)}" desconocido (NI, AC, EX, NA, XN o AN)`);
  const sn = (i: number) => (text[i] === "S" ? "true" : text[i] === "N" ? "false" : null);
  const sociedades = sn(47);
  if (sociedades === null) return bad("integrante_sociedades", `debe ser S o N; vino "${text[47]}"`);
  const empleador = sn(48);
  if (empleador === null) return bad("empleador", `debe ser S o N; vino "${text[48]}"`);
  const monotributo = text.slice(45, 47).trim();
  const actividad = text.slice(49, 51).trim();
  return {
    row: {
      cuit,
      denominacion: text.slice(11, 41).trim().replace(/\s+/g, " "),
      tipo_persona: tipoPersona(cuit),
      // The file lists the CUITs ARCA holds as taxpayers, with their current tax registrations. [I]
      estado_clave: "ACTIVO",
      impuesto_ganancias: ganancias,
      impuesto_iva: iva,
      monotributo_categoria: monotributo === "NI" ? "" : monotributo,
      integrante_sociedades: sociedades,
      empleador,
      monotributo_actividad: actividad === "00" ? "" : actividad,
    },
    file,
    line,
  };
}

/** ARCA's padrón (RG 1817, apellidoNombreDenominacion.zip): identidad's tax registrations. Latin-1, NULs stripped. */
export const arcaPadron: Importer = {
  ...FORMAT,
  source: "identidad",
  feed: "arca-padron",
  async *read({ files }) {
    const list = pick(await members(files), /\.txt$/i, "el padrón (un archivo .txt)");
    for (const member of list) {
      let checked = false;
      for await (const batch of memberLines([member])) {
        for (let i = 0; i < batch.lines.length; i++) {
          const number = batch.first + i;
          let bytes = batch.lines[i];
          if (bytes.includes(0)) bytes = Buffer.from(bytes.filter((b) => b !== 0));
          if (bytes.length === 0 || (bytes.length < 11 && bytes.every((b) => b === 32))) continue;
          const text = bytes.toString("latin1");
          if (!checked) {
            checked = true;
            checkFirstRecord(bytes, WIDTH, member.name, number, "latin-1", FORMAT, /^\d{11}/.test(text) && GANANCIAS[text.slice(41, 43)] !== undefined);
          }
          if (bytes.length !== WIDTH) {
            yield { bad: wrongLength(bytes, WIDTH, member.name, number, "latin-1") };
            continue;
          }
          yield parse(text, member.name, number);
        }
        yield { progress: batch.progress };
      }
    }
  },
};

/** One record in the published layout (51 characters, no line end). */
export function arcaPadronLine(r: ArcaPadronRecord): string {
  return (
    pad(r.cuit, 11) +
    pad(r.denominacion, 30) +
    pad(r.ganancias, 2) +
    pad(r.iva, 2) +
    pad(r.monotributo, 2) +
    (r.integranteSociedades ? "S" : "N") +
    (r.empleador ? "S" : "N") +
    pad(r.actividadMonotributo, 2, "right", "0")
  );
}

/** The whole file as ARCA publishes it: latin-1, CRLF. */
export const writeArcaPadron = (records: Iterable<ArcaPadronRecord>): Buffer =>
  Buffer.from([...records].map((r) => `${arcaPadronLine(r)}\r\n`).join(""), "latin1");
