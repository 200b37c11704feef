import type { DenominacionOrigen, ReportStatus } from "@/db/schema";
import type { SectionStatus } from "@/lib/schemas/sections";
import { SECTION_KEYS, type SectionKey } from "./types";

/** What one source gave for one CUIT. */
export type SourceOutcome =
  | { kind: "rows"; rows: readonly unknown[] }
  | { kind: "timeout"; ms: number }
  | { kind: "error" };

export const REASONS = {
  timeout: (ms: number) => `La fuente no respondió dentro de ${ms} ms.`,
  error: "La fuente no pudo consultarse.",
  notInRegister: "El CUIT no figura en esta fuente.",
  unknownCuit: "Ninguna fuente tiene datos de este CUIT.",
  missing: (labels: string[]) => `La fuente no informa: ${labels.join(", ")}.`,
} as const;

/**
 * DESIGN.md 6. `ok` when the source answered for this CUIT, including a list source's authoritative "nothing
 * found" once the CUIT is known to some source; `parcial` when it answered with fields missing; `no_disponible`
 * when it failed, timed out, or does not know the CUIT.
 */
export function sectionStatus(
  outcome: SourceOutcome,
  listSource: boolean,
  cuitKnown: boolean,
  missing: readonly string[] = [],
): { status: SectionStatus; error_reason?: string } {
  if (outcome.kind === "timeout") return { status: "no_disponible", error_reason: REASONS.timeout(outcome.ms) };
  if (outcome.kind === "error") return { status: "no_disponible", error_reason: REASONS.error };
  if (outcome.rows.length === 0) {
    if (!cuitKnown) return { status: "no_disponible", error_reason: REASONS.unknownCuit };
    if (!listSource) return { status: "no_disponible", error_reason: REASONS.notInRegister };
    return { status: "ok" };
  }
  return missing.length ? { status: "parcial", error_reason: REASONS.missing([...missing]) } : { status: "ok" };
}

/**
 * Spec 2.3: `ok` when every one of the eight sections is `ok`; `no_resuelto` when none holds data about the CUIT;
 * `parcial` otherwise. A section left out (its source was never loaded) is not `ok`.
 */
export function reportStatus(sections: Partial<Record<SectionKey, { status: SectionStatus }>>): ReportStatus {
  const statuses = SECTION_KEYS.map((k) => sections[k]?.status);
  if (statuses.every((s) => s === "ok")) return "ok";
  if (statuses.some((s) => s === "ok" || s === "parcial")) return "parcial";
  return "no_resuelto";
}

/** The order in which the name is looked for: the padrón, then the report's own concursos and marcas, then CENDEU. */
export const NAME_CHAIN: readonly { source: SectionKey; origen: DenominacionOrigen }[] = [
  { source: "identidad", origen: "padron" },
  { source: "concursos", origen: "concursos" },
  { source: "marcas", origen: "marcas" },
  { source: "crediticio", origen: "cendeu" },
];

export function resolveName(
  names: Partial<Record<SectionKey, string | null>>,
): { denominacion: string | null; denominacion_origen: DenominacionOrigen | null } {
  for (const { source, origen } of NAME_CHAIN) {
    const name = names[source]?.trim();
    if (name) return { denominacion: name, denominacion_origen: origen };
  }
  return { denominacion: null, denominacion_origen: null };
}
