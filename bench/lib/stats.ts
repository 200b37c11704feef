import os from "node:os";

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** The middle value, or the mean of the two middle ones: of two rounds, neither the better nor the worse. */
export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export const fmtInt = (n: number): string => (Number.isFinite(n) ? Math.round(n).toLocaleString("en-US") : "-");
export const fmtMs = (n: number): string => (Number.isFinite(n) ? `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms` : "-");
export const fmtPct = (n: number): string => (Number.isFinite(n) ? `${Math.round(n * 100)}%` : "-");

/** The 1-minute load average, and how many cores it is spread over. */
export const loadAverage = (): string => `${os.loadavg()[0].toFixed(2)} (${os.cpus().length} cores)`;

/** Renders rows as a fixed-width table; numbers (and cells ending in a unit) are right-aligned. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const right = (cell: string) => /^[-+]?[\d,.]+( ?(ms|s|MB|%|x))?$|^-$/.test(cell);
  const line = (cells: string[]) =>
    cells.map((c, i) => (right(c) && i > 0 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join("  ").trimEnd();
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}
