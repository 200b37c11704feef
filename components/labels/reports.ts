import type { Tone } from "@/components/ui/badge";
import type { DenominacionOrigen, ReportStatus, TipoAccion } from "@/db/schema";
import type { SectionStatus } from "@/lib/schemas/sections";

/** A report's outcome in customer words, with what it means for the bill. */
export const REPORT_STATUS: Record<ReportStatus, { label: string; tone: Tone; explanation: string }> = {
  ok: { label: "Completo", tone: "success", explanation: "Todas las fuentes respondieron con datos de este CUIT." },
  parcial: {
    label: "Parcial",
    tone: "warning",
    explanation: "Algunas fuentes no tenían datos de este CUIT o no respondieron; cada sección dice por qué.",
  },
  no_resuelto: {
    label: "Sin datos",
    tone: "neutral",
    explanation: "Ninguna fuente tiene datos de este CUIT. Este informe no se cobró y no aparece en tu lista.",
  },
};

export const SECTION_STATUS: Record<SectionStatus, { label: string; tone: Tone }> = {
  ok: { label: "Completa", tone: "success" },
  parcial: { label: "Incompleta", tone: "warning" },
  no_disponible: { label: "No disponible", tone: "neutral" },
};

export const TIPO_ACCION: Record<TipoAccion, string> = { nuevo: "Informe nuevo", actualizacion: "Actualización" };

export const DENOMINACION_ORIGEN: Record<DenominacionOrigen, string> = {
  padron: "padrón de ARCA",
  concursos: "registro de concursos y quiebras",
  marcas: "registro de marcas (INPI)",
  cendeu: "Central de Deudores del BCRA",
};

/**
 * BCRA situations 1 to 6. The colour follows the risk, but the number and the name are always written out, so the
 * colour is never the only cue.
 */
export function situacionTone(situacion: number): Tone {
  if (situacion <= 1) return "success";
  if (situacion === 2) return "info";
  if (situacion === 3) return "warning";
  return "danger";
}

/** Short names for the badges; the section also shows BCRA's full wording. */
export const SITUACION_SHORT: Record<number, string> = {
  1: "Normal",
  2: "Riesgo bajo",
  3: "Riesgo medio",
  4: "Riesgo alto",
  5: "Irrecuperable",
  6: "Irrecuperable (disp. técnica)",
};

/** Section names for when a section is absent from a report (its source had no data loaded at the time). */
export const SECTION_NAME: Record<string, string> = {
  identidad: "Identidad",
  crediticio: "Deudas en el sistema financiero",
  cheques: "Cheques rechazados",
  screening: "Listas de sanciones",
  comex: "Comercio exterior",
  riesgoFiscal: "Riesgo fiscal",
  marcas: "Marcas",
  concursos: "Concursos y quiebras",
};
