import { members, pick } from "./archive";
import { dayMonthYear } from "./fixed-width";
import { memberLines, utf8 } from "./lines";
import { wrongFormat, type Importer } from "./types";

export const APOC_LISTA = "Facturas apócrifas (APOC)";

const FORMAT = {
  format: "arca-apoc",
  expects: "FacturasApocrifas.txt de ARCA (UTF-8, encabezado con #, CUIT,Fecha Condicion Apocrifo,Fecha Publicacion,Descripcion), o su ZIP",
};

/** One row of the base APOC as published. Dates YYYY-MM-DD. */
export interface ApocRecord {
  cuit: string;
  fechaCondicion: string;
  fechaPublicacion: string;
  descripcion: string | null;
}

/**
 * ARCA's base de facturas apócrifas: rows "20-12345678-9,01/02/2024,03/04/2024,Descripción,\t" after three `#`
 * header lines; the CUIT may carry hyphens, the description may be empty or hold commas.
 */
export const arcaApoc: Importer = {
  ...FORMAT,
  source: "riesgoFiscal",
  feed: "arca-apoc",
  async *read({ files }) {
    for (const member of pick(await members(files), /apocrif/i, "FacturasApocrifas.txt")) {
      let checked = false;
      for await (const batch of memberLines([member])) {
        for (let i = 0; i < batch.lines.length; i++) {
          const number = batch.first + i;
          let text = utf8(batch.lines[i], member.name, number);
          if (number === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
          // Lines end with a comma and a tab: what trails the description is not part of it.
          text = text.replace(/[\s,]+$/, "");
          if (text === "") continue;
          if (!checked) {
            checked = true;
            if (!text.startsWith("#") && !/^[\d-]{11,13},\d{1,2}\/\d{1,2}\/\d{4},/.test(text)) {
              throw wrongFormat(FORMAT, member.name, `la línea ${number} no es un encabezado "#" ni una fila CUIT,dd/mm/aaaa,dd/mm/aaaa,descripción`);
            }
          }
          if (text.startsWith("#")) continue;
          const fields = text.split(",");
          if (fields.length < 3) {
            yield { bad: { file: member.name, line: number, reason: `tiene ${fields.length} campos y deben ser al menos 3 (CUIT, fecha de condición, fecha de publicación)` } };
            continue;
          }
          yield {
            row: {
              cuit: fields[0].trim(),
              lista: APOC_LISTA,
              fecha_condicion: dayMonthYear(fields[1]) ?? "",
              fecha_publicacion: dayMonthYear(fields[2]) ?? "",
              detalle: fields.slice(3).join(",").trim(),
            },
            file: member.name,
            line: number,
          };
        }
        yield { progress: batch.progress };
      }
    }
  },
};

const dmy = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

/** The three `#` lines that open the file, after the BOM. */
export const apocHeader = (generated: string): string[] => [
  "# Base de Facturas Apócrifas",
  `# Fecha de generación: ${dmy(generated)}`,
  "# Estructura del Archivo: CUIT, Fecha Condicion Apocrifo, Fecha Publicacion, Descripcion",
];

/** One row as published (without the line end): hyphenated CUIT, dd/mm/yyyy dates, a trailing comma and tab. */
export const apocLine = (r: ApocRecord): string =>
  `${r.cuit.slice(0, 2)}-${r.cuit.slice(2, 10)}-${r.cuit.slice(10)},${dmy(r.fechaCondicion)},${dmy(r.fechaPublicacion)},${r.descripcion ?? ""},\t`;

/** The file as ARCA publishes it: BOM, three `#` lines, CRLF rows ending in a comma and a tab. */
export function writeApoc(records: Iterable<ApocRecord>, generated: string): Buffer {
  const lines = [...apocHeader(generated), ...[...records].map(apocLine)];
  return Buffer.from(`\ufeff${lines.join("\r\n")}\r\n`, "utf8");
}
