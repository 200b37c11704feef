import type { DbOrTx } from "@/db/client";
import { formatCuit } from "@/lib/cuit";
import { rawSql } from "@/db/raw";
import { currentSnapshot } from "../snapshots";
import { members } from "./archive";
import { isObject, jsonRecords, memberText, type JsonRecord } from "./json-records";
import { nameKey, normalizeText } from "./names";
import { clean } from "./screening-entry";
import { ImportFileError, wrongFormat, type ImportItem, type Importer } from "./types";

/** The INPI lookup's keys, matched without regard to case. */
type InpiKey = "acta" | "titulares" | "fecha_ingreso" | "clase" | "denominacion" | "tipo_marca" | "numero_resolucion" | "estado" | "fecha_vencimiento";
type InpiRow = Record<InpiKey, string | null>;

const lowerKeys = (o: Record<string, unknown>): InpiRow =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k.toLowerCase(), clean(v)])) as InpiRow;

/**
 * "/Date(1433131200000)/" (milliseconds since 1970 in UTC, maybe with an offset after them) to the day in Buenos
 * Aires (UTC-3, no daylight saving), which is the day INPI meant. Also accepts YYYY-MM-DD and dd/mm/yyyy.
 */
export function inpiDate(value: string | null): string | null | undefined {
  if (!value) return null;
  const ms = /^\/Date\((-?\d+)([+-]\d{4})?\)\/$/.exec(value);
  if (ms) return new Date(Number(ms[1]) - 3 * 3600_000).toISOString().slice(0, 10);
  if (/^\d{4}-\d{2}-\d{2}/.test(value)) return value.slice(0, 10);
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  return dmy ? `${dmy[3]}-${dmy[2].padStart(2, "0")}-${dmy[1].padStart(2, "0")}` : undefined;
}

/** Owners of one application: INPI lists co-owners in one field, separated by semicolons or line breaks. */
export const splitTitulares = (value: string | null) =>
  (value ?? "").split(/\s*[;\n]\s*/).map((t) => t.trim()).filter(Boolean);

/**
 * The CUITs of each wanted name key in the padrón's current snapshots. The padrón is read once, streamed, and only
 * the names the file asks about are kept, so memory follows the file, not the padrón.
 */
async function padronByName(db: DbOrTx, wanted: ReadonlySet<string>): Promise<Map<string, Set<string>>> {
  const snapshot = await currentSnapshot(db, "identidad");
  if (!snapshot) {
    throw new ImportFileError("archivo_invalido", "No hay padrón cargado: importá identidad antes que las marcas del INPI, que se vinculan a un CUIT por el nombre del titular.");
  }
  const found = new Map<string, Set<string>>();
  const cursor = rawSql(db)
    .unsafe<{ cuit: string; denominacion: string }[]>("select cuit, denominacion from src_identidad where snapshot_id = any($1::int4[])", [`{${snapshot.ids.join(",")}}`])
    .cursor(5000);
  for await (const rows of cursor) {
    for (const { cuit, denominacion } of rows) {
      const key = nameKey(denominacion);
      if (!wanted.has(key)) continue;
      const cuits = found.get(key) ?? found.set(key, new Set()).get(key)!;
      cuits.add(cuit);
    }
  }
  return found;
}

function checkRecords(records: JsonRecord[] | null, file: string): asserts records is JsonRecord[] {
  const objects = records?.map((r) => r.value).filter(isObject) ?? [];
  const looksRight = objects.some((o) => Object.keys(o).some((k) => k.toLowerCase() === "acta"));
  if (!records || !looksRight) {
    throw wrongFormat(inpiMarcas, file, "no es un arreglo JSON de filas con Acta, Titulares, Denominacion y Clase");
  }
}

/**
 * INPI trademarks as its per-application lookup answers them: JSON rows of Acta, Titulares, Fecha_Ingreso
 * ("/Date(ms)/"), Clase, Denominacion, Tipo_Marca, Numero_Resolucion, Estado and Fecha_Vencimiento. The register
 * names owners, not CUITs: each titular is linked to a CUIT when its normalized name matches exactly one taxpayer
 * of the current padrón. An unknown or ambiguous titular is reported as a bad line with the reason, not loaded.
 */
export const inpiMarcas: Importer = {
  format: "inpi-marcas",
  source: "marcas",
  feed: "inpi",
  expects: "filas JSON de la consulta de marcas del INPI (Acta, Titulares, Fecha_Ingreso, Clase, Denominacion, Tipo_Marca, Numero_Resolucion, Estado, Fecha_Vencimiento)",
  async *read({ files, db }): AsyncGenerator<ImportItem> {
    const parsed: { file: string; records: JsonRecord[] }[] = [];
    for (const member of await members(files)) {
      const records = jsonRecords(await memberText(member));
      checkRecords(records, member.name);
      parsed.push({ file: member.name, records });
    }
    const wanted = new Set<string>();
    for (const { records } of parsed) {
      for (const { value } of records) if (isObject(value)) for (const t of splitTitulares(lowerKeys(value).titulares)) wanted.add(nameKey(t));
    }
    const padron = await padronByName(db, wanted);
    const total = parsed.reduce((n, p) => n + p.records.length, 0);
    let done = 0;
    for (const { file, records } of parsed) {
      for (const { value, line } of records) {
        const bad = (reason: string, column?: string) => ({ bad: { file, line, reason, ...(column ? { column } : {}) } });
        if (++done % 1000 === 0) yield { progress: { done, total } };
        if (!isObject(value)) {
          yield bad("la fila no es un objeto JSON");
          continue;
        }
        const r = lowerKeys(value);
        const fechaSolicitud = inpiDate(r.fecha_ingreso);
        const fechaVencimiento = inpiDate(r.fecha_vencimiento);
        if (fechaSolicitud === undefined) yield bad(`Fecha_Ingreso debe ser /Date(ms)/; vino "${r.fecha_ingreso}"`, "Fecha_Ingreso");
        else if (fechaVencimiento === undefined) yield bad(`Fecha_Vencimiento debe ser /Date(ms)/; vino "${r.fecha_vencimiento}"`, "Fecha_Vencimiento");
        else if (splitTitulares(r.titulares).length === 0) yield bad("la marca no tiene titulares", "Titulares");
        else {
          for (const titular of splitTitulares(r.titulares)) {
            const cuits = [...(padron.get(nameKey(titular)) ?? [])].sort();
            if (cuits.length === 0) yield bad(`el titular "${titular}" no figura en el padrón con ese nombre; la marca no se vincula a un CUIT`, "Titulares");
            else if (cuits.length > 1) {
              const some = cuits.slice(0, 3).map(formatCuit).join(", ");
              yield bad(`el titular "${titular}" coincide con ${cuits.length} CUIT del padrón (${some}${cuits.length > 3 ? "..." : ""}); no se vincula`, "Titulares");
            } else {
              yield {
                row: {
                  cuit: cuits[0],
                  acta: r.acta,
                  denominacion: r.denominacion,
                  clase_niza: r.clase,
                  titular,
                  tipo_marca: r.tipo_marca && normalizeText(r.tipo_marca),
                  // "En trámite" and "EN TRAMITE" are one state: the engine counts states by this spelling.
                  estado: r.estado && normalizeText(r.estado),
                  fecha_solicitud: fechaSolicitud,
                  fecha_vencimiento: fechaVencimiento,
                  numero_resolucion: r.numero_resolucion,
                },
                file,
                line,
              };
            }
          }
        }
      }
    }
  },
};

/** One application as the writer takes it (dates YYYY-MM-DD; co-owners joined by "; "). */
export interface InpiMarca {
  acta: string;
  titulares: string;
  fechaIngreso: string | null;
  clase: number;
  denominacion: string;
  tipoMarca: string | null;
  numeroResolucion: string | null;
  estado: string;
  fechaVencimiento: string | null;
}

/** Noon in Buenos Aires of a day, as INPI's "/Date(ms)/". */
const msDate = (day: string | null) => (day ? `/Date(${Date.parse(`${day}T15:00:00Z`)})/` : null);

/** A JSON array of rows as the INPI lookup answers them (fixtures, the demo and benchmarks). */
export function writeInpiMarcas(rows: readonly InpiMarca[]): string {
  const out = rows.map((m) => ({
    Acta: m.acta,
    Titulares: m.titulares,
    Fecha_Ingreso: msDate(m.fechaIngreso),
    Clase: m.clase,
    Denominacion: m.denominacion,
    Tipo_Marca: m.tipoMarca,
    Numero_Resolucion: m.numeroResolucion,
    Estado: m.estado,
    Fecha_Vencimiento: msDate(m.fechaVencimiento),
  }));
  return `[\n${out.map((o) => JSON.stringify(o)).join(",\n")}\n]\n`;
}
