import type { Caller } from "@/lib/auth/caller";
import { ANONYMOUS, viewerOf, type Viewer } from "@/lib/catalog/visibility";

/**
 * Who browses the catalog on the web, with the API's rule for its public routes (`auth: "optional"`): a suspended
 * account, or one whose plan cannot be verified, looks like an anonymous visitor, who counts as plan free.
 */
export function catalogViewer(caller: Caller | null): Viewer {
  if (!caller || caller.account.suspended || !caller.plan) return ANONYMOUS;
  return viewerOf(caller);
}

/** Spec 2.10's enumerations in customer words. */
export const UPDATE_PATTERN: Record<string, string> = {
  incremental_append: "Se agregan filas nuevas en cada actualización",
  full_refresh: "Cada snapshot es una carga completa",
  scd2_snapshots: "Historial de cambios por fila (SCD tipo 2)",
};

export const DECLARED_FREQUENCY: Record<string, string> = {
  daily: "diaria",
  weekly: "semanal",
  monthly: "mensual",
  quarterly: "trimestral",
  annual: "anual",
  irregular: "irregular",
  intraday: "varias veces por día",
};

export const COMMERCIAL_USE: Record<string, { label: string; tone: "success" | "warning" | "danger" }> = {
  ok: { label: "Uso comercial permitido", tone: "success" },
  restricted: { label: "Uso comercial con restricciones", tone: "warning" },
  prohibited: { label: "Uso comercial prohibido", tone: "danger" },
};

export const LANGUAGE: Record<string, string> = { es: "español", en: "inglés", pt: "portugués" };

/** "75 días" rather than "1800 horas". */
export function lagText(hours: number): string {
  if (hours >= 48 && hours % 24 === 0) return `${hours / 24} días`;
  return `${hours} ${hours === 1 ? "hora" : "horas"}`;
}
