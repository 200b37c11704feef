import type { SourceName } from "@/db/schema";

const DAY = 86_400_000;

/** `day` (YYYY-MM-DD) moved by `days`. */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** AAAAMM of the month `months` before the month of `day`. */
export function periodBefore(day: string, months: number): string {
  const [y, m] = day.split("-").map(Number);
  const index = y * 12 + (m - 1) - months;
  return `${Math.floor(index / 12)}${String((index % 12) + 1).padStart(2, "0")}`;
}

/**
 * Snapshot dates of the demo relative to the day it is generated, with each publication's usual lag: the padrón
 * and BCRA's daily files are a day old, the Central de Deudores is published mid-month, comex monthly.
 */
export function demoSnapshotDates(today: string): Record<SourceName, string> {
  return {
    identidad: addDays(today, -1),
    crediticio: addDays(today, -12),
    cheques: addDays(today, -1),
    screening: addDays(today, -2),
    comex: `${today.slice(0, 7)}-01`,
    riesgoFiscal: addDays(today, -7),
    marcas: addDays(today, -3),
    concursos: addDays(today, -1),
  };
}
