import type { Member } from "./archive";
import { members, pick } from "./archive";
import { checkFirstRecord, pad, wrongLength } from "./fixed-width";
import { latin1Lines, memberLines } from "./lines";
import type { BadLine, Importer, RowItem } from "./types";

/** The eleven amounts of a deudores.txt line, in file order (thousands of pesos). */
export const MONTOS = [
  "prestamos",
  "sin_uso",
  "garantias_otorgadas",
  "otros_conceptos",
  "garantias_preferidas_a",
  "garantias_preferidas_b",
  "sin_garantias_preferidas",
  "contragarantias_preferidas_a",
  "contragarantias_preferidas_b",
  "sin_contragarantias_preferidas",
  "previsiones",
] as const;

/** One line of deudores.txt. Amounts in thousands of pesos; flags as the file writes them. */
export interface DeudoresRecord {
  entidad: string;
  periodo: string;
  tipoIdentificacion?: string;
  cuit: string;
  actividad?: string;
  /** 1-6, or 9 (not applicable). */
  situacion: number;
  montos: Partial<Record<(typeof MONTOS)[number], number>>;
  deudaCubierta?: boolean;
  /** 0, 1, or 2 (en revisión). */
  judicial?: 0 | 1 | 2;
  /** 0, 1, or 9. */
  refinanciacion?: 0 | 1 | 9;
  recategorizacion?: boolean;
  situacionJuridica?: boolean;
  irrecuperableDisposicionTecnica?: boolean;
  diasAtraso?: number;
}

const WIDTH = 171;
const FORMAT = { format: "bcra-deudores", expects: "deudores.txt del BCRA (líneas de 171 bytes en latin-1) con Maeent.txt, o el .7z publicado" };

/** Maeent.txt: 0:5 lender code, 5:75 name. A few hundred lines: read whole. */
async function lenders(list: readonly Member[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for await (const batch of memberLines(list)) {
    for (const line of batch.lines) {
      const text = line.toString("latin1");
      if (/^\d{5}/.test(text)) out.set(text.slice(0, 5), text.slice(5, 75).trim());
    }
  }
  return out;
}

/**
 * The 12-character amount at `at`, with a decimal comma ("     1234,5", "        ,7", blanks for zero), in
 * hundredths; NaN when it is not an amount. Read character by character: it runs three times a line on files of
 * millions.
 */
export function hundredthsAt(text: string, at: number): number {
  const end = at + 12;
  let i = at;
  while (i < end && text.charCodeAt(i) === 32) i++;
  if (i === end) return 0;
  let int = 0;
  let dec = 0;
  let scale = 1;
  let digits = 0;
  for (let c = text.charCodeAt(i) - 48; i < end && c >= 0 && c <= 9; c = text.charCodeAt(++i) - 48) {
    int = int * 10 + c;
    digits++;
  }
  if (i < end && text.charCodeAt(i) === 44) {
    for (let c = text.charCodeAt(++i) - 48; i < end && c >= 0 && c <= 9; c = text.charCodeAt(++i) - 48) {
      dec = dec * 10 + c;
      scale *= 10;
      digits++;
    }
  }
  while (i < end && text.charCodeAt(i) === 32) i++;
  return i === end && digits > 0 ? int * 100 + Math.round((dec * 100) / scale) : NaN;
}

/** Hundredths as a decimal: 123450 → "1234.5". */
function decimal(hundredths: number): string {
  const r = hundredths % 100;
  const int = (hundredths - r) / 100;
  return r === 0 ? String(int) : r % 10 === 0 ? `${int}.${r / 10}` : `${int}.${r < 10 ? "0" : ""}${r}`;
}

/** The amounts that are debt: préstamos, garantías otorgadas, otros conceptos. */
const DEBT = [0, 2, 3];
const SITUACIONES = ["1", "2", "3", "4", "5", "6"];
const FLAGS: Record<string, string> = { "1": "true", "0": "false" };
const flag = (c: string) => FLAGS[c] ?? "";

const badLine = (file: string, line: number, column: string, reason: string) => ({ bad: { file, line, column, reason } });

/**
 * A debt line: 0:5 lender, 5:11 AAAAMM, 11:13 id type, 13:24 CUIT, 24:27 activity, 27:29 situación, eleven
 * amounts of 12 from 29, then flags at 161 (deuda cubierta), 162 (judicial: 1, or 2 en revisión), 163
 * (refinanciación), 164 (recategorización), 165 (situación jurídica), 166 (irrecuperable por disposición
 * técnica) and 167:171 days overdue. Null for situación 9 (not applicable: not a classified debt).
 */
function parse(text: string, names: Map<string, string>, file: string, line: number): RowItem | { bad: BadLine } | null {
  // " 1".." 6" (the common case) without slicing; anything else through the general check.
  const code = text.charCodeAt(28);
  const situacion = text.charCodeAt(27) === 32 && code >= 49 && code <= 54 ? SITUACIONES[code - 49] : text.slice(27, 29).trim();
  if (situacion === "9") return null;
  if (!/^[1-6]$/.test(situacion)) return badLine(file, line, "situacion", `la situación debe ser de 1 a 6 (o 9, no aplicable); vino "${situacion}"`);
  let total = 0;
  for (let k = 0; k < DEBT.length; k++) {
    const at = 29 + DEBT[k] * 12;
    const amount = hundredthsAt(text, at);
    if (Number.isNaN(amount)) {
      return badLine(file, line, MONTOS[DEBT[k]], `${MONTOS[DEBT[k]]} no es un importe (dígitos con coma decimal); vino "${text.slice(at, at + 12).trim()}"`);
    }
    total += amount;
  }
  const dias = text.charCodeAt(167) === 48 && text.charCodeAt(168) === 48 && text.charCodeAt(169) === 48 && text.charCodeAt(170) === 48 ? "0" : text.slice(167, 171).trim();
  if (!/^\d*$/.test(dias)) return badLine(file, line, "dias_atraso", `los días de atraso deben ser un número; vino "${dias}"`);
  const entidad = text.slice(0, 5);
  const judicial = text[162];
  return {
    row: {
      cuit: text.slice(13, 24),
      periodo: text.slice(5, 11),
      entidad_codigo: entidad,
      entidad_nombre: names.get(entidad) ?? `ENTIDAD ${entidad}`,
      situacion,
      // Debt: préstamos, garantías otorgadas and otros conceptos; the rest describes what backs it.
      monto: decimal(total),
      dias_atraso: dias === "" ? "0" : dias,
      refinanciaciones: flag(text[163]),
      recategorizacion_obligatoria: flag(text[164]),
      situacion_juridica: flag(text[165]),
      irrecuperable_disposicion_tecnica: flag(text[166]),
      proceso_judicial: judicial === "1" ? "true" : judicial === "0" || judicial === "2" ? "false" : "",
      en_revision: judicial === "2" ? "true" : judicial === "0" || judicial === "1" ? "false" : "",
    },
    file,
    line,
  };
}

/** BCRA's monthly bulk file of the Central de Deudores (deudores.txt + Maeent.txt, or AAAAMMDEUDORES.7z). */
export const bcraDeudores: Importer = {
  ...FORMAT,
  source: "crediticio",
  // The API's answers and this file are two ways to one dataset: the newest import wins.
  feed: "bcra-deudores",
  async *read({ files }) {
    const all = await members(files);
    const names = await lenders(all.filter((m) => /maeent/i.test(m.name)));
    for (const member of pick(all, /deudores/i, "deudores.txt", /maeent/i)) {
      let checked = false;
      for await (const batch of memberLines([member], latin1Lines)) {
        const { lines, first } = batch;
        // One batch per chunk read: millions of lines, so no async step per line.
        const items: (RowItem | { bad: BadLine })[] = [];
        for (let i = 0; i < lines.length; i++) {
          const text = lines[i];
          if (text.length === 0) continue;
          if (!checked) {
            checked = true;
            checkFirstRecord(Buffer.from(text, "latin1"), WIDTH, member.name, first + i, "latin-1", FORMAT, /^\d{5}\d{6}\d{2}\d{11}/.test(text));
          }
          if (text.length !== WIDTH) {
            items.push({ bad: wrongLength(Buffer.from(text, "latin1"), WIDTH, member.name, first + i, "latin-1") });
            continue;
          }
          const item = parse(text, names, member.name, first + i);
          if (item) items.push(item);
        }
        yield { batch: items };
        yield { progress: batch.progress };
      }
    }
  },
};

const amount = (n: number | undefined) => (n ? n.toFixed(1).replace(".", ",").replace(/^0,/, ",") : "");

/** One line in the published layout (171 characters, latin-1, without the line end). */
export function deudoresLine(r: DeudoresRecord): string {
  return (
    pad(r.entidad, 5, "right", "0") +
    r.periodo +
    pad(r.tipoIdentificacion ?? "11", 2) +
    r.cuit +
    pad(r.actividad ?? "000", 3) +
    pad(r.situacion, 2) +
    MONTOS.map((m) => pad(amount(r.montos[m]), 12, "right")).join("") +
    (r.deudaCubierta ? "1" : "0") +
    String(r.judicial ?? 0) +
    String(r.refinanciacion ?? 0) +
    (r.recategorizacion ? "1" : "0") +
    (r.situacionJuridica ? "1" : "0") +
    (r.irrecuperableDisposicionTecnica ? "1" : "0") +
    pad(r.diasAtraso ?? 0, 4, "right", "0")
  );
}

export const writeDeudores = (records: Iterable<DeudoresRecord>): Buffer =>
  Buffer.from([...records].map((r) => `${deudoresLine(r)}\r\n`).join(""), "latin1");

/** Maeent.txt: lender code and name. */
export const writeMaeent = (lenders: Iterable<[string, string]>): Buffer =>
  Buffer.from([...lenders].map(([code, name]) => `${pad(code, 5, "right", "0")}${pad(name, 70)}\r\n`).join(""), "latin1");
