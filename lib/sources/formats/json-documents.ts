import type { Member } from "./archive";
import { memberLines, utf8 } from "./lines";
import { wrongFormat, type Importer } from "./types";

export type JsonItem =
  | { value: unknown; file: string; line: number }
  | { bad: { file: string; line: number; reason: string } }
  | { progress: { done: number; total?: number } };

/** A single JSON document may span lines (a saved response, pretty-printed); past this it is not one response. */
const WHOLE_FILE_LIMIT = 64 << 20;

/**
 * The JSON documents of saved API responses: a file of one response per line (JSON Lines), or a file holding one
 * response (pretty-printed or not). A JSON Lines file is read line by line, so its size does not matter; a line
 * that is not JSON is a bad line. A file that is neither is refused as another format.
 */
export async function* jsonDocuments(list: readonly Member[], format: Pick<Importer, "format" | "expects">): AsyncGenerator<JsonItem> {
  for (const member of list) {
    let mode: "lines" | "whole" | null = null;
    let whole = "";
    let firstLine = 0;
    for await (const batch of memberLines([member])) {
      for (let i = 0; i < batch.lines.length; i++) {
        const number = batch.first + i;
        let text = utf8(batch.lines[i], member.name, number);
        if (number === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
        if (mode === "whole") {
          whole += `${text}\n`;
          if (whole.length > WHOLE_FILE_LIMIT) throw wrongFormat(format, member.name, "no es JSON: ni una respuesta por línea ni un único documento");
          continue;
        }
        if (text.trim() === "") continue;
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch {
          if (mode === null) {
            if (!/^\s*[{[]/.test(text)) throw wrongFormat(format, member.name, `la línea ${number} no es JSON`);
            mode = "whole";
            firstLine = number;
            whole = `${text}\n`;
            continue;
          }
          yield { bad: { file: member.name, line: number, reason: "no es un documento JSON válido" } };
          continue;
        }
        mode = "lines";
        yield { value, file: member.name, line: number };
      }
      yield { progress: batch.progress };
    }
    if (mode === "whole") {
      let value: unknown;
      try {
        value = JSON.parse(whole);
      } catch {
        throw wrongFormat(format, member.name, `no es JSON válido desde la línea ${firstLine}`);
      }
      yield { value, file: member.name, line: firstLine };
    }
  }
}

/** The API's envelope: `{status, results}` or `{status, errorMessages}`. */
export interface Envelope {
  status: number;
  results?: unknown;
  errorMessages?: unknown;
}

export const isEnvelope = (v: unknown): v is Envelope =>
  typeof v === "object" && v !== null && !Array.isArray(v) && typeof (v as Envelope).status === "number";

export const errorText = (e: Envelope) =>
  Array.isArray(e.errorMessages) && e.errorMessages.length ? e.errorMessages.map(String).join("; ") : "sin mensaje";

/** An API number or string as text for the loader (which checks it); "" for missing. */
export function text(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return JSON.stringify(v);
}

/** A CUIT as the API writes it (a number, so leading zeros may be gone; never for real CUITs, which start 2x/3x). */
export const identificacion = (v: unknown): string => (typeof v === "number" ? String(v).padStart(11, "0") : text(v).replaceAll("-", ""));

/** The writers' side: responses as the API sends them, one per line. */
export const writeJsonLines = (documents: Iterable<unknown>): string => [...documents].map((d) => `${JSON.stringify(d)}\n`).join("");

/** The API's answer for an id it has no data about. */
export const notFoundResponse = () => ({ status: 404, errorMessages: ["No se encontró datos para la identificación ingresada."] });
