import { reencodedAsUtf8 } from "./lines";
import { wrongEncoding, wrongFormat, type BadLine } from "./types";

/** "AAAAMMDD" or "AAAA-MM-DD" to AAAA-MM-DD; null for blanks and the publishers' "no date" markers. */
export function isoDate(raw: string, none: readonly string[] = []): string | null {
  const v = raw.trim();
  if (!v || none.includes(v)) return null;
  if (/^\d{8}$/.test(v)) return `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}`;
  return v;
}

/** dd/mm/yyyy to AAAA-MM-DD; the text as is when it is not that shape (the loader's date check reports it). */
export const dayMonthYear = (raw: string): string | null => {
  const v = raw.trim();
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  return m ? `${m[3]}-${m[2].padStart(2, "0")}-${m[1].padStart(2, "0")}` : v || null;
};

/** Persons' CUIL prefixes; the rest (30, 33, 34) are companies. */
export const tipoPersona = (cuit: string) => (/^2[0-7]/.test(cuit) ? "FISICA" : "JURIDICA");

/**
 * A record of the wrong byte length: a bad line (a truncated or overlong record), unless the file was re-saved as
 * UTF-8, which stops the import with that diagnosis.
 */
export function wrongLength(line: Buffer, width: number, file: string, number: number, encoding: string): BadLine {
  if (reencodedAsUtf8(line, width)) {
    throw wrongEncoding(file, encoding, `la línea ${number} tiene ${line.length} bytes porque sus letras acentuadas están en UTF-8; el registro tiene ${width}`);
  }
  return {
    file,
    line: number,
    reason: line.length < width ? `el registro tiene ${line.length} caracteres y deben ser ${width} (línea truncada)` : `el registro tiene ${line.length} caracteres y deben ser ${width}`,
  };
}

/** A field padded to `width` (cut when longer), for the writers. */
export const pad = (value: string | number | null | undefined, width: number, align: "left" | "right" = "left", fill = " ") => {
  const s = value === null || value === undefined ? "" : String(value);
  return (align === "left" ? s.padEnd(width, fill) : s.padStart(width, fill)).slice(0, width);
};

/**
 * The first record decides whether the file is this format at all: a first line of another length is another
 * file (or this one re-saved as UTF-8, which is said as such), not a truncated record.
 */
export function checkFirstRecord(line: Buffer, width: number, file: string, number: number, encoding: string, format: Parameters<typeof wrongFormat>[0], looksRight: boolean): void {
  if (line.length !== width && reencodedAsUtf8(line, width)) wrongLength(line, width, file, number, encoding);
  if (line.length !== width) throw wrongFormat(format, file, `la línea ${number} tiene ${line.length} caracteres y los registros de este formato tienen ${width}`);
  if (!looksRight) throw wrongFormat(format, file, `la línea ${number} no tiene los campos de este formato en sus posiciones`);
}
