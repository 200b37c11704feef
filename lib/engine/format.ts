/** Display helpers: section values are strings, in plain machine-friendly forms (no thousands separators). */

export const yesNo = (v: boolean | null | undefined): string | null => (v === null || v === undefined ? null : v ? "Sí" : "No");

/** A number without float noise: at most two decimals, no trailing zeros. */
export const plain = (n: number | null | undefined): string | null =>
  n === null || n === undefined ? null : String(Math.round(n * 100) / 100);

export const sum = (values: readonly (number | null | undefined)[]): number =>
  Math.round(values.reduce<number>((acc, v) => acc + (v ?? 0), 0) * 100) / 100;

/** Comma-separated list file values ("84;85;90") to an array; null when empty. */
export const splitList = (v: string | null | undefined): string[] | null => {
  const items = (v ?? "").split(/[;|]/).map((s) => s.trim()).filter(Boolean);
  return items.length ? items : null;
};

export const maxOf = <T>(values: readonly T[], key: (v: T) => string | null): string | null =>
  values.reduce<string | null>((best, v) => {
    const k = key(v);
    return k !== null && (best === null || k > best) ? k : best;
  }, null);

/** "a (2); b (1)": counts of each value, most frequent first. */
export function tally(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([v, n]) => `${v} (${n})`)
    .join("; ");
}
