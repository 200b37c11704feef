/** `?pagina=N` as a positive page number; anything else is page 1. */
export function pageParam(value: string | string[] | undefined): number {
  const n = Number(Array.isArray(value) ? value[0] : value);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

/** One search param as a trimmed string ("" when absent or repeated). */
export function textParam(value: string | string[] | undefined, max = 200): string {
  return typeof value === "string" ? value.trim().slice(0, max) : "";
}

/**
 * Offset paging without a count: fetch one row more than the page to know whether another page follows.
 * Returns the query's limit and offset and a function that trims the extra row.
 */
export function pageWindow(page: number, size: number) {
  return {
    limit: size + 1,
    offset: (page - 1) * size,
    slice<T>(rows: T[]): { items: T[]; hasMore: boolean } {
      return { items: rows.slice(0, size), hasMore: rows.length > size };
    },
  };
}
