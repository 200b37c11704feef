/** `?pagina=N` as a positive page number; anything else is page 1. */
export function pageParam(value: string | string[] | undefined): number {
  const n = Number(Array.isArray(value) ? value[0] : value);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

/** One search param as a trimmed string ("" when absent or repeated). */
export function textParam(value: string | string[] | undefined, max = 200): string {
  return typeof value === "string" ? value.trim().slice(0, max) : "";
}
