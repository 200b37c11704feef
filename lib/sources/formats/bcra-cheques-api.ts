import type { Member } from "./archive";
import { members } from "./archive";
import { errorText, identificacion, isEnvelope, jsonDocuments, text } from "./json-documents";
import { wrongFormat, type ImportItem, type Importer } from "./types";

const FORMAT = {
  format: "bcra-cheques-api",
  expects: "respuestas guardadas de la API del BCRA Deudas/ChequesRechazados/{cuit}, con la lista de entidades de cheques/v1.0/entidades",
};

interface Cheques {
  identificacion?: unknown;
  denominacion?: unknown;
  causales?: { causal?: unknown; entidades?: { entidad?: unknown; detalle?: Record<string, unknown>[] }[] }[];
}

const isLenderList = (v: unknown): v is { results: { codigoEntidad?: unknown; denominacion?: unknown }[] } =>
  isEnvelope(v) && Array.isArray(v.results) && v.results.every((r) => typeof r === "object" && r !== null && "codigoEntidad" in r);

/** cheques/v1.0/entidades: lender code to name, from whichever of the inputs holds it (a small list). */
async function lenderNames(list: readonly Member[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for await (const item of jsonDocuments(list, FORMAT)) {
    if ("value" in item && isLenderList(item.value)) for (const r of item.value.results) out.set(text(r.codigoEntidad), text(r.denominacion));
  }
  return out;
}

/**
 * Rejected cheques from the API's answers, one row per cheque, with the lender's name from the entidades list
 * (the answers carry only its code). A 404 answer means no data for that id.
 */
export const bcraChequesApi: Importer = {
  ...FORMAT,
  source: "cheques",
  feed: "bcra-cheques",
  async *read({ files }) {
    const list = await members(files);
    const names = await lenderNames(list);
    let first = true;
    for await (const item of jsonDocuments(list, FORMAT)) {
      if (!("value" in item)) {
        yield item;
        continue;
      }
      const { value, file, line } = item;
      if (isLenderList(value)) continue;
      const bad = (reason: string): ImportItem => ({ bad: { file, line, reason } });
      const results = isEnvelope(value) ? (value.results as Cheques | undefined) : undefined;
      if (first && (!isEnvelope(value) || (value.status === 200 && !Array.isArray(results?.causales)))) {
        throw wrongFormat(FORMAT, file, `la línea ${line} no es una respuesta {"status", "results": {"identificacion", "causales"}}`);
      }
      first = false;
      if (!isEnvelope(value)) {
        yield bad('no es una respuesta de la API ({"status": ...})');
        continue;
      }
      if (value.status === 404) continue;
      if (value.status !== 200 || !results || !Array.isArray(results.causales)) {
        yield bad(value.status !== 200 ? `la API respondió ${value.status}: ${errorText(value)}` : "la respuesta no trae results.causales");
        continue;
      }
      const cuit = identificacion(results.identificacion);
      for (const c of results.causales) {
        for (const e of c.entidades ?? []) {
          const codigo = text(e.entidad);
          for (const d of e.detalle ?? []) {
            yield {
              row: {
                cuit,
                numero_cheque: text(d.nroCheque),
                fecha_rechazo: text(d.fechaRechazo),
                monto: text(d.monto),
                causal: text(c.causal),
                entidad_codigo: codigo,
                entidad_nombre: names.get(codigo) ?? "",
                fecha_pago: text(d.fechaPago),
                fecha_pago_multa: text(d.fechaPagoMulta),
                estado_multa: text(d.estadoMulta),
                cta_personal: text(d.ctaPersonal),
                denominacion_juridica: text(d.denomJuridica),
                en_revision: text(d.enRevision),
                proceso_judicial: text(d.procesoJud),
              },
              file,
              line,
            };
          }
        }
      }
    }
  },
};

/** Deudas/ChequesRechazados/{cuit} as the API answers. */
export const chequesResponse = (cuit: string, denominacion: string, causales: NonNullable<Cheques["causales"]>) => ({
  status: 200,
  results: { identificacion: Number(cuit), denominacion, causales },
});

/** cheques/v1.0/entidades as the API answers. */
export const entidadesResponse = (lenders: Iterable<[number, string]>) => ({
  status: 200,
  results: [...lenders].map(([codigoEntidad, denominacion]) => ({ codigoEntidad, denominacion })),
});
