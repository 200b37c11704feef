import { coverage } from "@/lib/billing/costs";

/** Every date on the web is shown in the service's own time zone, whatever the browser's. */
const TIME_ZONE = "America/Argentina/Buenos_Aires";

const ars = new Intl.NumberFormat("es-AR", { style: "currency", currency: "ARS", maximumFractionDigits: 0 });
const int = new Intl.NumberFormat("es-AR", { maximumFractionDigits: 0 });
const date = new Intl.DateTimeFormat("es-AR", { timeZone: TIME_ZONE, day: "2-digit", month: "2-digit", year: "numeric" });
const dateTime = new Intl.DateTimeFormat("es-AR", {
  timeZone: TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});

/** Null is a price "a convenir" (team and enterprise); zero is free. */
export function formatArs(value: number | null): string {
  if (value === null) return "A convenir";
  if (value === 0) return "Gratis";
  return ars.format(value);
}

export const formatInt = (value: number): string => int.format(value);

export const formatDate = (value: Date | string | null): string => (value === null ? "—" : date.format(new Date(value)));

export const formatDateTime = (value: Date | string | null): string =>
  value === null ? "—" : dateTime.format(new Date(value));

/** "1 informe nuevo" / "3 informes nuevos". */
export const plural = (n: number, one: string, many: string): string => `${formatInt(n)} ${n === 1 ? one : many}`;

/** How a number of units reads for a customer: in new reports and in updates, never in raw credits. */
export function unitsInReports(units: number): string {
  const c = coverage(units);
  return `${plural(c.informes_nuevos, "informe nuevo", "informes nuevos")} o ${plural(c.actualizaciones, "actualización", "actualizaciones")}`;
}

/**
 * A calendar day as the sources write it (YYYY-MM-DD). It names a day, not an instant: read at noon in Buenos Aires
 * so that no time zone moves it to the day before.
 */
export const formatDay = (day: string | null): string => (day === null ? "—" : date.format(new Date(`${day}T12:00:00-03:00`)));

const decimal = new Intl.NumberFormat("es-AR", { maximumFractionDigits: 2 });

/** A quantity with up to two decimals, with the local separators ("1.520,5"). */
export const formatNumber = (value: number): string => decimal.format(value);

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
