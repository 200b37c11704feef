import type { FileRow } from "../registry";
import { members } from "./archive";
import { errorText, identificacion, isEnvelope, jsonDocuments, text } from "./json-documents";
import { wrongFormat, type ImportItem, type Importer } from "./types";

const FORMAT = {
  format: "bcra-deudas-api",
  expects: "respuestas guardadas de la API de la Central de Deudores del BCRA (Deudas/{cuit} y Deudas/Historicas/{cuit}), una por línea o un archivo por respuesta",
};

interface Periodo {
  periodo?: unknown;
  entidades?: unknown;
}

type Entidad = Record<string, unknown>;

/** Deudas/{cuit} carries the current period in full; Deudas/Historicas/{cuit} only situación, monto and two flags. */
const detailed = (e: Entidad) => "diasAtrasoPago" in e || "fechaSit1" in e || "refinanciaciones" in e;

function row(cuit: string, denominacion: string, periodo: string, e: Entidad): FileRow {
  const full = detailed(e);
  const maybe = (key: string) => (full ? text(e[key]) : "");
  return {
    cuit,
    denominacion,
    periodo,
    // The API names the lender and gives no code: the name is the key.
    entidad_codigo: text(e.entidad),
    entidad_nombre: text(e.entidad),
    situacion: text(e.situacion),
    monto: text(e.monto),
    dias_atraso: maybe("diasAtrasoPago"),
    refinanciaciones: maybe("refinanciaciones"),
    recategorizacion_obligatoria: maybe("recategorizacionOblig"),
    situacion_juridica: maybe("situacionJuridica"),
    irrecuperable_disposicion_tecnica: maybe("irrecDisposicionTecnica"),
    proceso_judicial: text(e.procesoJud),
    en_revision: text(e.enRevision),
    fecha_sit1: maybe("fechaSit1"),
  };
}

/**
 * The Central de Deudores API's answers for some CUITs: each period of each answer becomes rows (the newest period
 * is the current one, older ones the history). A 404 answer means the BCRA has no data for that id. Answers of one
 * CUIT come together (the fetcher writes them so): where the current answer and the history repeat a period, the
 * current answer's fuller row is kept.
 */
export const bcraDeudasApi: Importer = {
  ...FORMAT,
  source: "crediticio",
  feed: "bcra-deudores",
  async *read({ files }) {
    let cuit: string | null = null;
    let pending = new Map<string, { row: FileRow; file: string; line: number; full: boolean }>();
    const done = new Set<string>();
    let first = true;
    const flush = function* (): Generator<ImportItem> {
      for (const p of pending.values()) yield { row: p.row, file: p.file, line: p.line };
      pending = new Map();
    };
    for await (const item of jsonDocuments(await members(files), FORMAT)) {
      if (!("value" in item)) {
        yield item;
        continue;
      }
      const { value, file, line } = item;
      const bad = (reason: string): ImportItem => ({ bad: { file, line, reason } });
      const results = isEnvelope(value) ? (value.results as { identificacion?: unknown; denominacion?: unknown; periodos?: unknown } | undefined) : undefined;
      if (first && (!isEnvelope(value) || (value.status === 200 && !Array.isArray(results?.periodos)))) {
        throw wrongFormat(FORMAT, file, `la línea ${line} no es una respuesta {"status", "results": {"identificacion", "periodos"}}`);
      }
      first = false;
      if (!isEnvelope(value)) {
        yield bad("no es una respuesta de la API ({\"status\": ...})");
        continue;
      }
      if (value.status === 404) continue;
      if (value.status !== 200) {
        yield bad(`la API respondió ${value.status}: ${errorText(value)}`);
        continue;
      }
      if (!results || !Array.isArray(results.periodos)) {
        yield bad("la respuesta no trae results.periodos");
        continue;
      }
      const id = identificacion(results.identificacion);
      if (id !== cuit) {
        yield* flush();
        if (cuit) done.add(cuit);
        if (done.has(id)) {
          yield bad(`las respuestas del CUIT ${id} no están juntas: guarde Deudas e Historicas de cada CUIT una después de la otra`);
          continue;
        }
        cuit = id;
      }
      for (const p of results.periodos as Periodo[]) {
        const periodo = text(p.periodo);
        for (const e of Array.isArray(p.entidades) ? (p.entidades as Entidad[]) : []) {
          const key = `${periodo}|${text(e.entidad)}`;
          const full = detailed(e);
          const seen = pending.get(key);
          if (seen && (seen.full || !full)) continue;
          pending.set(key, { row: row(id, text(results.denominacion), periodo, e), file, line, full });
        }
      }
    }
    yield* flush();
  },
};

/** Deudas/{cuit} (one period, full detail) or Deudas/Historicas/{cuit} (up to 24 periods) as the API answers. */
export const deudasResponse = (cuit: string, denominacion: string, periodos: { periodo: string; entidades: Record<string, unknown>[] }[]) => ({
  status: 200,
  results: { identificacion: Number(cuit), denominacion, periodos },
});
