import type { Tone } from "@/components/ui/badge";
import type { Severidad } from "@/db/schema";

export const SEVERIDAD: Record<Severidad, { label: string; tone: Tone }> = {
  alta: { label: "Alta", tone: "danger" },
  media: { label: "Media", tone: "warning" },
  info: { label: "Info", tone: "info" },
};

export const EVENT_TYPES = [
  { value: "monitoreo.cambio", label: "Cambios en CUITs monitoreados" },
  { value: "informe.generado", label: "Informe generado" },
  { value: "saldo.bajo", label: "Saldo bajo" },
  { value: "lote.completado", label: "Lote completado" },
] as const;

export const SECCION: Record<string, string> = {
  identidad: "Identidad",
  crediticio: "Situación crediticia",
  cheques: "Cheques rechazados",
  screening: "Listas de sanciones",
  comex: "Comercio exterior",
  riesgoFiscal: "Riesgo fiscal",
  marcas: "Marcas",
  concursos: "Concursos y quiebras",
};
