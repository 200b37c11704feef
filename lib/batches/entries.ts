import type { DbOrTx } from "@/db/client";
import { resolveCuitOrDni } from "@/lib/cuit";

/** One entry of a batch as checked before anything runs. */
export interface CheckedEntry {
  /** 1-based. */
  posicion: number;
  entrada: string;
  cuit: string | null;
  /** Why the entry is not a CUIT or DNI; null when valid. */
  error: string | null;
  /** Position of the first entry with the same CUIT, for a repeated one. */
  duplicadoDe: number | null;
}

/**
 * Validates every entry by the rules of a single report (a CUIT with its check digit, or a DNI resolved to its
 * CUIL, from the padrón when it knows it) and marks repeats: an entry whose CUIT appeared earlier, whether written
 * as the same CUIT, with hyphens or as the DNI, shares the first one's report.
 */
export async function checkEntries(db: DbOrTx, entries: readonly string[]): Promise<CheckedEntry[]> {
  const checks = await Promise.all(entries.map((e) => resolveCuitOrDni(db, e)));
  const first = new Map<string, number>();
  return checks.map((check, i) => {
    const posicion = i + 1;
    const entrada = entries[i].trim();
    if (!check.ok) return { posicion, entrada, cuit: null, error: check.message, duplicadoDe: null };
    const earlier = first.get(check.cuit) ?? null;
    if (earlier === null) first.set(check.cuit, posicion);
    return { posicion, entrada, cuit: check.cuit, error: null, duplicadoDe: earlier };
  });
}

/** The distinct CUITs to generate, in list order. */
export const distinctCuits = (checked: readonly CheckedEntry[]): string[] =>
  checked.flatMap((c) => (c.cuit !== null && c.duplicadoDe === null ? [c.cuit] : []));
