import type { ReportStatus } from "@/db/schema";
import type { ResultRow } from "@/lib/schemas/batches";
import type { Sections } from "@/lib/schemas/sections";

type Figures = Omit<ResultRow, "posicion" | "entrada" | "cuit" | "status" | "informe_id" | "tipo_accion" | "costo_unidades" | "error">;

export const NO_FIGURES: Figures = {
  denominacion: null,
  estado_informe: null,
  situacion_bcra_maxima: null,
  deuda_total_miles_pesos: null,
  entidades_financieras: null,
  en_listas_riesgo_fiscal: null,
  es_importador: null,
  es_exportador: null,
  marcas: null,
  concursos: null,
};

/**
 * The figures a results row carries for a report: what a credit analyst scans a list for. A figure is null when its
 * section did not resolve (the source had nothing, or did not answer), never a guessed zero.
 */
export function keyFigures(report: { denominacion: string | null; status: ReportStatus; sections: Sections }): Figures {
  const s = report.sections;
  const entidades = s.crediticio?.entidades ?? null;
  const comex = s.comex?.comex ?? null;
  return {
    denominacion: report.denominacion,
    estado_informe: report.status,
    situacion_bcra_maxima: entidades && entidades.length > 0 ? Math.max(...entidades.map((e) => e.situacion)) : null,
    deuda_total_miles_pesos: entidades ? Math.round(entidades.reduce((sum, e) => sum + e.monto_miles_pesos, 0) * 100) / 100 : null,
    entidades_financieras: entidades ? entidades.length : null,
    en_listas_riesgo_fiscal: s.riesgoFiscal?.riesgoFiscal?.en_listas ?? null,
    es_importador: comex?.es_importador ?? null,
    es_exportador: comex?.es_exportador ?? null,
    marcas: s.marcas?.marcas?.length ?? null,
    concursos: s.concursos?.concursos?.length ?? null,
  };
}
