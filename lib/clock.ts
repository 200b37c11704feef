/** The app's clock. Tests replace it to cross month and day boundaries without waiting. */
let source: () => Date = () => new Date();

export const now = (): Date => source();

export function setClock(fn: (() => Date) | null): void {
  source = fn ?? (() => new Date());
}

/** Buenos Aires is UTC-3 all year: it has kept no daylight saving time since 2009. */
const OFFSET_MS = -3 * 3_600_000;

/** Local calendar day in Buenos Aires, YYYY-MM-DD (by arithmetic: a time-zone formatter costs more, several times per report). */
export const localDay = (d: Date): string => new Date(d.getTime() + OFFSET_MS).toISOString().slice(0, 10);

/** Local calendar month in Buenos Aires, YYYY-MM: the period of the monthly allotment. */
export const localMonth = (d: Date): string => localDay(d).slice(0, 7);

/** The instant local midnight of `day` (Buenos Aires is UTC-3 all year, without daylight saving). */
export const startOfLocalDay = (day: string): Date => new Date(`${day}T00:00:00-03:00`);
