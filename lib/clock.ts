/** The app's clock. Tests replace it to cross month and day boundaries without waiting. */
let source: () => Date = () => new Date();

export const now = (): Date => source();

export function setClock(fn: (() => Date) | null): void {
  source = fn ?? (() => new Date());
}

const TIME_ZONE = "America/Argentina/Buenos_Aires";
const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/** Local calendar day in Buenos Aires, YYYY-MM-DD. */
export const localDay = (d: Date): string => dayFormat.format(d);

/** Local calendar month in Buenos Aires, YYYY-MM: the period of the monthly allotment. */
export const localMonth = (d: Date): string => localDay(d).slice(0, 7);

/** The instant local midnight of `day` (Buenos Aires is UTC-3 all year, without daylight saving). */
export const startOfLocalDay = (day: string): Date => new Date(`${day}T00:00:00-03:00`);
