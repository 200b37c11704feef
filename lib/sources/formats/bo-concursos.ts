import { formatCuit, validateCuit } from "@/lib/cuit";
import type { FileRow } from "../registry";
import { members } from "./archive";
import { isObject, jsonRecords, memberText } from "./json-records";
import { clean } from "./screening-entry";
import { wrongFormat, type ImportItem, type Importer } from "./types";

const MONTHS = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"];

const plain = (s: string) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
const upper = (s: string) => s.replace(/\s+/g, " ").trim().toUpperCase();
const iso = (y: string, m: number, d: string) => `${y}-${String(m).padStart(2, "0")}-${d.padStart(2, "0")}`;

/** Every date the text writes ("10 de marzo de 2025", "10/03/2025"), with where it starts. */
function dates(text: string): { date: string; index: number }[] {
  const found: { date: string; index: number }[] = [];
  const long = /\b(\d{1,2})(?:°|º)? de (\w+) (?:de|del) (\d{4})\b/gi;
  for (let m = long.exec(text); m; m = long.exec(text)) {
    const month = MONTHS.indexOf(plain(m[2]).toLowerCase().replace("setiembre", "septiembre"));
    if (month >= 0) found.push({ date: iso(m[3], month + 1, m[1]), index: m.index });
  }
  const short = /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\b/g;
  for (let m = short.exec(text); m; m = short.exec(text)) found.push({ date: iso(m[3], Number(m[2]), m[1]), index: m.index });
  return found.sort((a, b) => a.index - b.index);
}

/**
 * The opening date: a date the text introduces as "con fecha"/"en fecha", else the first date that is not a
 * deadline ("hasta el 20 de mayo" is when creditors must file, not when the proceeding opened).
 */
function openingDate(text: string): string | null {
  const all = dates(text).filter((d) => !Number.isNaN(Date.parse(d.date)));
  const before = (d: { index: number }) => text.slice(Math.max(0, d.index - 24), d.index);
  return (
    all.find((d) => /fecha:?\s*(?:el\s+)?$/i.test(before(d)))?.date ??
    all.find((d) => !/(hasta|vencimiento|plazo)[^.]*$/i.test(before(d)))?.date ??
    null
  );
}

/** CUITs the text labels as CUIT or CUIL ("CUIT 30-71234567-8", "C.U.I.T. N° 30712345678"), then bare ones. */
function cuits(text: string): { valid: string[]; invalid: string[] } {
  const labelled = /C\.?\s?U\.?\s?I\.?\s?[TL]\.?\s*(?:N(?:°|º|ro\.?|o\.?)?\s*)?:?\s*(\d{2}[-\s.]?\d{8}[-\s.]?\d)\b/gi;
  const bare = /\b(\d{2}-\d{8}-\d)\b/g;
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const re of [labelled, bare]) {
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const check = validateCuit(m[1].replace(/\D/g, ""));
      if (check.ok) {
        if (!valid.includes(check.cuit)) valid.push(check.cuit);
      } else if (re === labelled) invalid.push(m[1]);
    }
    if (valid.length) break;
  }
  return { valid, invalid };
}

function kind(text: string): "QUIEBRA" | "CONCURSO PREVENTIVO" | null {
  const t = plain(text).toUpperCase();
  if (/(DECRET|DECLAR)\w*\s+(LA\s+)?QUIEBRA|QUIEBRA\s+(INDIRECTA|DE\s)|S\/\s*QUIEBRA/.test(t)) return "QUIEBRA";
  if (/CONCURSO\s+PREVENTIVO/.test(t)) return "CONCURSO PREVENTIVO";
  return /QUIEBRA/.test(t) ? "QUIEBRA" : null;
}

/** The debtor: from the case caption ("PAMPA S.R.L. s/CONCURSO PREVENTIVO"), else "concurso preventivo de X (CUIT". */
function debtor(text: string): string | null {
  const caption = /["“]([^"”]+?)\s+s\/\s*(?:concurso|quiebra|pedido de quiebra)/i.exec(text);
  if (caption) return upper(caption[1]);
  const after =
    /(?:concurso preventivo|quiebra)\s+(?:de|del)\s+(?:la\s+(?:firma|sociedad)\s+|(?:el|la)\s+se[ñn]or(?:a)?\s+|don\s+|do[ñn]a\s+)?["“]?(.+?)["”]?\s*(?:\(|,?\s*C\.?\s?U\.?\s?I\.?\s?[TL]|,\s*(?:con|DNI|D\.N\.I))/i.exec(text);
  return after ? upper(after[1]) : null;
}

const first = (re: RegExp, text: string) => re.exec(text)?.[1] ?? null;

/** What the rules read in one notice: the row, or why it cannot be one. */
export function readNotice(id: string, fecha: string, texto: string): { row: FileRow } | { reason: string; column?: string } {
  const found = cuits(texto);
  if (!found.valid.length) {
    return found.invalid.length
      ? { reason: `el CUIT ${found.invalid[0]} del aviso ${id} no es válido (dígito verificador o tipo)`, column: "texto" }
      : { reason: `no se encontró un CUIT en el aviso ${id}`, column: "texto" };
  }
  const tipo = kind(texto);
  if (!tipo) return { reason: `el aviso ${id} no dice si es un concurso preventivo o una quiebra`, column: "texto" };
  const juzgado = first(/(Juzgado[^,;:()]*?N(?:°|º|ro\.?|o\.?)\s*\d+[^,;:()]*?)(?=[,;:(]|\s+(?:a cargo|sito|de la ciudad|secretar))/i, texto);
  if (!juzgado) return { reason: `no se encontró el juzgado en el aviso ${id}`, column: "texto" };
  const nombre = debtor(texto);
  if (!nombre) return { reason: `no se encontró el nombre del deudor en el aviso ${id}`, column: "texto" };
  const apertura = openingDate(texto);
  if (!apertura) return { reason: `no se encontró la fecha de apertura en el aviso ${id}`, column: "texto" };
  const secretaria = first(/Secretar[ií]a\s*(?:N(?:°|º|ro\.?|o\.?)?\s*)?(\d+)/i, texto);
  const expediente = /(?:Expte\.?|Expediente)\s*(?:N(?:°|º|ro\.?|o\.?)?\s*)?:?\s*([A-Z]{2,4}\s*)?(\d+\/\d{2,4})/i.exec(texto);
  const sindico = first(/S[ií]ndic[oa](?:\s+(?:designad[oa]|interviniente|actuante))?\s*:?\s*(?:(?:es|será)\s+)?(?:(?:el|la)\s+)?((?:Cdor|Cdora|Contador|Contadora|Dr|Dra|Estudio)\.?\s[^,;(]+)/i, texto);
  const departamento = first(/Departamento Judicial de ([A-ZÁÉÍÓÚÑ][\wÁÉÍÓÚÑáéíóúñ ]+?)[,.;]/, texto);
  return {
    row: {
      cuit: found.valid[0],
      denominacion: nombre,
      tipo_proceso: tipo,
      juzgado: upper(juzgado),
      secretaria: secretaria && `SECRETARIA N° ${secretaria}`,
      expediente: expediente && upper(`${expediente[1] ?? ""}${expediente[2]}`),
      fecha_apertura: apertura,
      sindico: sindico && upper(sindico),
      estado: tipo === "QUIEBRA" ? "DECRETADA" : "ABIERTO",
      jurisdiccion: /nacional/i.test(juzgado) ? "CIUDAD AUTONOMA BUENOS AIRES" : departamento && `DEPARTAMENTO JUDICIAL ${upper(plain(departamento))}`,
      monto_pasivo: null,
      aviso_id: id,
      fecha_publicacion: fecha,
    },
  };
}

/**
 * Edicts of the Boletín Oficial's second section, rubro "Concursos y quiebras", as JSON lines (or an array) of
 * {id "A1234567", fecha "YYYYMMDD", texto}. Rules read the CUIT, the kind of proceeding, the court, the debtor, the
 * opening date, the case number and the trustee; a notice the rules cannot read (no valid CUIT first of all) is
 * reported as a bad line with the reason.
 */
export const boConcursos: Importer = {
  format: "bo-concursos",
  source: "concursos",
  feed: "boletin-oficial",
  expects: 'avisos del Boletín Oficial en líneas JSON {"id": "A1234567", "fecha": "AAAAMMDD", "texto": "..."}',
  async *read({ files }): AsyncGenerator<ImportItem> {
    for (const member of await members(files)) {
      const records = jsonRecords(await memberText(member));
      if (!records || !records.some((r) => isObject(r.value) && "texto" in r.value)) {
        throw wrongFormat(boConcursos, member.name, "no hay avisos con id, fecha y texto");
      }
      for (const { value, line } of records) {
        const bad = (reason: string, column?: string) => ({ bad: { file: member.name, line, reason, ...(column ? { column } : {}) } });
        if (!isObject(value)) {
          yield bad("la línea no es un objeto JSON");
          continue;
        }
        const id = clean(value.id);
        const fecha = /^(\d{4})(\d{2})(\d{2})$/.exec(clean(value.fecha) ?? "");
        const texto = clean(value.texto);
        if (!id || !/^A\d+$/.test(id)) yield bad(`id debe ser como A1234567; vino "${id ?? ""}"`, "id");
        else if (!fecha) yield bad(`fecha debe ser AAAAMMDD; vino "${clean(value.fecha) ?? ""}"`, "fecha");
        else if (!texto) yield bad(`el aviso ${id} no tiene texto`, "texto");
        else {
          const notice = readNotice(id, `${fecha[1]}-${fecha[2]}-${fecha[3]}`, texto);
          yield "row" in notice ? { row: notice.row, file: member.name, line } : bad(notice.reason, notice.column);
        }
      }
    }
  },
};

/** One notice as the writer takes it (fecha YYYY-MM-DD). */
export interface BoNotice {
  id: string;
  fecha: string;
  texto: string;
}

/** Notices as JSON lines in the published layout (fixtures, the demo and benchmarks). */
export function writeBoConcursos(notices: readonly BoNotice[]): string {
  return notices.map((n) => `${JSON.stringify({ id: n.id, fecha: n.fecha.replaceAll("-", ""), texto: n.texto })}\n`).join("");
}

/** The text of an edict in the Boletín Oficial's usual wording, for the demo and benchmarks. */
export function noticeText(p: {
  juzgado: string;
  secretaria: string | null;
  tipo: "QUIEBRA" | "CONCURSO PREVENTIVO";
  fechaApertura: string;
  denominacion: string;
  cuit: string;
  expediente: string | null;
  sindico: string | null;
}): string {
  const [y, m, d] = p.fechaApertura.split("-");
  const when = `${Number(d)} de ${MONTHS[Number(m) - 1]} de ${y}`;
  const what = p.tipo === "QUIEBRA" ? "se decretó la quiebra" : "se decretó la apertura del concurso preventivo";
  return [
    `El ${p.juzgado}${p.secretaria ? `, ${p.secretaria}` : ""}, comunica por cinco días que con fecha ${when} ${what} de ${p.denominacion} (CUIT ${formatCuit(p.cuit)})`,
    p.expediente ? `, en los autos caratulados "${p.denominacion} s/${p.tipo}" (Expte. N° ${p.expediente}).` : ".",
    p.sindico ? ` Síndico: ${p.sindico}, ante quien los acreedores deberán presentar los pedidos de verificación.` : "",
    " Publíquese por cinco días.",
  ].join("");
}
