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
