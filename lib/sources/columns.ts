import { getTableColumns } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

export type ValueKind = "text" | "date" | "smallint" | "integer" | "bigint" | "numeric" | "boolean";

/** A column as it appears in a source file: its header name is the database column name. */
export interface FileColumn {
  /** Property name on drizzle rows. */
  key: string;
  /** snake_case name: file header and database column. */
  name: string;
  kind: ValueKind;
  /** Must be present in the header and non-empty on every row. */
  required: boolean;
  /** May be left out of the header; the table default fills it. */
  optionalInHeader: boolean;
}

/** Thrown for one bad value; the loader adds the line number. */
export class ValueError extends Error {
  override name = "ValueError";
  constructor(
    message: string,
    readonly column?: string,
  ) {
    super(message);
  }
}

const INTERNAL = new Set(["snapshot_id"]);

const dbName = (c: PgColumn) => (c.keyAsName ? toSnakeCase(c.name) : c.name);

function kindOf(sqlType: string): ValueKind {
  if (sqlType === "date") return "date";
  if (sqlType === "smallint" || sqlType === "integer" || sqlType === "bigint" || sqlType === "boolean") return sqlType;
  if (sqlType.startsWith("numeric")) return "numeric";
  return "text";
}

const cache = new WeakMap<PgTable, FileColumn[]>();

/** The columns a file of `table` carries, in table order, without the internal `snapshot_id`. */
export function fileColumns(table: PgTable): FileColumn[] {
  let columns = cache.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table))
      .map(([key, c]) => ({
        key,
        name: dbName(c),
        kind: kindOf(c.getSQLType()),
        required: c.notNull,
        optionalInHeader: !c.notNull || c.hasDefault,
      }))
      .filter((c) => !INTERNAL.has(c.name));
    cache.set(table, columns);
  }
  return columns;
}

/** Database column name to drizzle property name, for rows read with raw SQL. */
export function keyMap(table: PgTable): Map<string, string> {
  return new Map(fileColumns(table).map((c) => [c.name, c.key]));
}

const RANGES = { smallint: 32_767, integer: 2_147_483_647, bigint: Number.MAX_SAFE_INTEGER } as const;
const TRUE = new Set(["true", "t", "1", "s", "si", "sí"]);
const FALSE = new Set(["false", "f", "0", "n", "no"]);

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** YYYY-MM-DD of a day that exists (no Date parsing: this runs for every date of every row). */
function validDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const y = Number(v.slice(0, 4));
  const m = Number(v.slice(5, 7));
  const d = Number(v.slice(8, 10));
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return y >= 1 && m >= 1 && m <= 12 && d >= 1 && d <= (m === 2 && leap ? 29 : DAYS_IN_MONTH[m - 1]);
}

/**
 * Checks one raw file value against its column and returns it normalized for COPY (null for empty). Everything
 * Postgres could reject is rejected here first, so a COPY never fails on the server side.
 */
export function parseValue(column: FileColumn, raw: string): string | null {
  const v = raw.trim();
  if (v === "") {
    if (column.required) throw new ValueError(`${column.name} es obligatorio y vino vacío`, column.name);
    return null;
  }
  if (v.includes("\u0000")) throw new ValueError(`${column.name} contiene un carácter nulo`, column.name);
  switch (column.kind) {
    case "text":
      return v;
    case "date":
      if (!validDate(v)) throw new ValueError(`${column.name} debe ser una fecha AAAA-MM-DD; vino "${v}"`, column.name);
      return v;
    case "smallint":
    case "integer":
    case "bigint":
      if (!/^-?\d{1,16}$/.test(v) || Math.abs(Number(v)) > RANGES[column.kind]) {
        throw new ValueError(`${column.name} debe ser un número entero; vino "${v}"`, column.name);
      }
      return String(Number(v));
    case "numeric":
      if (!/^-?\d{1,15}(\.\d{1,6})?$/.test(v)) throw new ValueError(`${column.name} debe ser un número con punto decimal; vino "${v}"`, column.name);
      return v;
    case "boolean": {
      const lower = v.toLowerCase();
      if (TRUE.has(lower)) return "t";
      if (FALSE.has(lower)) return "f";
      throw new ValueError(`${column.name} debe ser true o false; vino "${v}"`, column.name);
    }
  }
}
