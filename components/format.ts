import { coverage } from "@/lib/billing/costs";

/**
 * The one es-AR formatter of the web: every number, amount, date, month and count the pages show goes through
 * here, so that "$ 628.111,50", "septiembre de 2026" and "1 fila" read the same everywhere.
 */

/** Every date on the web is shown in the service's own time zone, whatever the browser's. */
const TIME_ZONE = "America/Argentina/Buenos_Aires";

const ars = new Intl.NumberFormat("es-AR", { style: "currency", currency: "ARS", minimumFractionDigits: 2, maximumFractionDigits: 2 });
const money = new Intl.NumberFormat("es-AR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const int = new Intl.NumberFormat("es-AR", { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat("es-AR", { maximumFractionDigits: 2 });
const date = new Intl.DateTimeFormat("es-AR", { timeZone: TIME_ZONE, day: "2-digit", month: "2-digit", year: "numeric" });
const longDate = new Intl.DateTimeFormat("es-AR", { timeZone: TIME_ZONE, day: "numeric", month: "long", year: "numeric" });
const month = new Intl.DateTimeFormat("es-AR", { timeZone: "UTC", month: "long", year: "numeric" });
const dateTime = new Intl.DateTimeFormat("es-AR", {
  timeZone: TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});

/** Pesos, always with two decimals: "$ 628.111,50". Null is a price "a convenir" (team and enterprise); zero is free. */
export function formatArs(value: number | null): string {
  if (value === null) return "A convenir";
  if (value === 0) return "Gratis";
  return ars.format(value);
}

/** An amount without the currency sign (the unit is in the label, e.g. "Deuda (miles de $)"), with two decimals. */
export const formatMoney = (value: number): string => money.format(value);

export const formatInt = (value: number): string => int.format(value);

/** A quantity with up to two decimals, with the local separators ("1.520,5"); amounts use formatMoney. */
export const formatNumber = (value: number): string => decimal.format(value);

export const formatDate = (value: Date | string | null): string => (value === null ? "—" : date.format(new Date(value)));

/** "23 de noviembre de 2026", as a letterhead dates a document. */
export const formatLongDate = (value: Date | string): string => longDate.format(new Date(value));

export const formatDateTime = (value: Date | string | null): string => (value === null ? "—" : dateTime.format(new Date(value)));

/**
 * A calendar day as the sources write it (YYYY-MM-DD). It names a day, not an instant: read at noon in Buenos Aires
 * so that no time zone moves it to the day before.
 */
export const formatDay = (day: string | null): string => (day === null ? "—" : date.format(new Date(`${day}T12:00:00-03:00`)));

const PERIOD = /^(\d{4})-?(\d{2})$/;

/** A month as the sources write it ("2026-09" or BCRA's "202609"): "septiembre de 2026". Anything else as it is. */
export function formatPeriod(period: string | null): string {
  if (period === null) return "—";
  const m = PERIOD.exec(period.trim());
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) return period;
  return month.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 15)));
}

/** "1 fila" / "3 filas"; "1 informe nuevo" / "3 informes nuevos". */
export const plural = (n: number, one: string, many: string): string => `${formatInt(n)} ${n === 1 ? one : many}`;

/** How a number of units reads for a customer: in new reports and in updates, never in raw credits. */
export function unitsInReports(units: number): string {
  const c = coverage(units);
  return `${plural(c.informes_nuevos, "informe nuevo", "informes nuevos")} o ${plural(c.actualizaciones, "actualización", "actualizaciones")}`;
}

/** A plan tier as it is sold: "free" → "Free", "ultimate" → "Ultimate". */
export const formatTier = (tier: string): string => (tier ? tier.charAt(0).toUpperCase() + tier.slice(1) : tier);

const sizeUnits = ["bytes", "KB", "MB", "GB", "TB"];
const size = new Intl.NumberFormat("es-AR", { maximumFractionDigits: 1 });

/** A file size in binary multiples, as download buttons show it ("148,2 KB"). */
export function formatBytes(bytes: number | null): string {
  if (bytes === null) return "—";
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < sizeUnits.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? formatInt(value) : size.format(value)} ${sizeUnits[unit]}`;
}
