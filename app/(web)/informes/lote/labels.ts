import type { Tone } from "@/components/ui/badge";
import type { BatchEstado, BatchItemStatus } from "@/db/schema";

export const BATCH_ESTADO: Record<BatchEstado, { label: string; tone: Tone }> = {
  en_cola: { label: "En cola", tone: "neutral" },
  procesando: { label: "Procesando", tone: "info" },
  completado: { label: "Completado", tone: "success" },
  cancelado: { label: "Cancelado", tone: "warning" },
};

export const ITEM_STATUS: Record<BatchItemStatus, { label: string; tone: Tone }> = {
  pendiente: { label: "Pendiente", tone: "neutral" },
  procesando: { label: "Procesando", tone: "info" },
  ok: { label: "Completo", tone: "success" },
  parcial: { label: "Parcial", tone: "warning" },
  no_resuelto: { label: "Sin datos", tone: "neutral" },
  invalido: { label: "Inválido", tone: "danger" },
  sin_saldo: { label: "Sin saldo", tone: "danger" },
  cancelado: { label: "Cancelado", tone: "neutral" },
  error: { label: "Error", tone: "danger" },
};
