import { getTableColumns, sql, type SQL } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { SchemaElement } from "hyparquet";
import type { ColumnType } from "@/lib/schemas/catalog";

/** A column as it is published: the name in the files, its logical type, and whether it may be empty. */
export interface PublishedColumn {
  name: string;
  type: ColumnType;
  nullable: boolean;
}

/** Thrown for a value that does not fit its column; publication turns it into a clear operator message. */
export class ColumnValueError extends Error {
  override name = "ColumnValueError";
}

/** Postgres type name (as drizzle reports it) to the published logical type. Unknown types travel as text. */
export function columnTypeOf(sqlType: string): ColumnType {
  const t = sqlType.toLowerCase();
  if (t.endsWith("[]")) return "JSON";
  if (t === "smallint" || t === "smallserial") return "SMALLINT";
  if (t === "integer" || t === "serial") return "INTEGER";
  if (t === "bigint" || t === "bigserial") return "BIGINT";
  if (t.startsWith("numeric") || t.startsWith("decimal") || t === "real" || t.startsWith("double")) return "DOUBLE";
  if (t === "boolean") return "BOOLEAN";
  if (t === "date") return "DATE";
  if (t.startsWith("timestamp")) return "TIMESTAMP";
  if (t === "json" || t === "jsonb") return "JSON";
  return "VARCHAR";
}

/** The database name of a drizzle column under the app's snake_case casing. */
export const dbColumnName = (column: PgColumn): string => (column.keyAsName ? toSnakeCase(column.name) : column.name);

/**
 * The published columns of a source table, derived from its drizzle definition so that a column added to the table
 * is published (and documented as published) without touching the catalog. `snapshot_id` is internal versioning.
 */
export function tableColumns(table: PgTable, internal: readonly string[] = ["snapshot_id"]): PublishedColumn[] {
  return Object.values(getTableColumns(table))
    .map((c) => ({ name: dbColumnName(c), type: columnTypeOf(c.getSQLType()), nullable: !c.notNull }))
    .filter((c) => !internal.includes(c.name));
}

/**
 * How a column is selected for publication. Casts move conversions into Postgres: numerics arrive as doubles,
 * 64-bit integers as exact text, timestamps as epoch milliseconds, arrays and JSON as JSON text.
 */
export function selectExpression(column: PublishedColumn): SQL {
  const id = sql.identifier(column.name);
  switch (column.type) {
    case "DOUBLE":
      return sql`${id}::float8 as ${id}`;
    case "BIGINT":
      return sql`${id}::text as ${id}`;
    case "DATE":
      return sql`to_char(${id}, 'YYYY-MM-DD') as ${id}`;
    case "TIMESTAMP":
      return sql`(extract(epoch from ${id}) * 1000)::float8 as ${id}`;
    case "JSON":
      return sql`to_jsonb(${id}) as ${id}`;
    default:
      return sql`${id}`;
  }
}

/**
 * How a column is selected for the CSV that Postgres writes itself (COPY ... FORMAT csv), spelled the way
 * `csvField` writes values from files: true/false, ISO dates and UTC timestamps, JSON text.
 */
export function csvExpression(column: PublishedColumn): SQL {
  const id = sql.identifier(column.name);
  switch (column.type) {
    case "DOUBLE":
      return sql`${id}::float8 as ${id}`;
    case "BOOLEAN":
      return sql`case when ${id} then 'true' when not ${id} then 'false' end as ${id}`;
    case "DATE":
      return sql`to_char(${id}, 'YYYY-MM-DD') as ${id}`;
    case "TIMESTAMP":
      return sql`to_char(${id} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${id}`;
    case "JSON":
      return sql`to_jsonb(${id})::text as ${id}`;
    default:
      return sql`${id}`;
  }
}

/** Parquet schema of the published columns, in order. */
export function parquetSchema(columns: readonly PublishedColumn[]): SchemaElement[] {
  const element = (c: PublishedColumn): SchemaElement => {
    const repetition_type = c.nullable ? "OPTIONAL" : "REQUIRED";
    switch (c.type) {
      case "VARCHAR":
        return { name: c.name, type: "BYTE_ARRAY", converted_type: "UTF8", repetition_type };
      case "SMALLINT":
        return { name: c.name, type: "INT32", converted_type: "INT_16", repetition_type };
      case "INTEGER":
        return { name: c.name, type: "INT32", repetition_type };
      case "BIGINT":
        return { name: c.name, type: "INT64", repetition_type };
      case "DOUBLE":
        return { name: c.name, type: "DOUBLE", repetition_type };
      case "BOOLEAN":
        return { name: c.name, type: "BOOLEAN", repetition_type };
      case "DATE":
        return { name: c.name, type: "INT32", converted_type: "DATE", repetition_type };
      case "TIMESTAMP":
        return { name: c.name, type: "INT64", converted_type: "TIMESTAMP_MILLIS", repetition_type };
      case "JSON":
        return { name: c.name, type: "BYTE_ARRAY", converted_type: "JSON", repetition_type };
    }
  };
  return [{ name: "root", num_children: columns.length }, ...columns.map(element)];
}

const DAY_MS = 86_400_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function isoDay(text: string): string {
  const m = DATE_PATTERN.exec(text);
  if (!m) throw new ColumnValueError(`"${text}" is not a date as YYYY-MM-DD`);
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (d.getUTCDate() !== Number(m[3]) || d.getUTCMonth() !== Number(m[2]) - 1) throw new ColumnValueError(`"${text}" is not a valid date`);
  return text;
}

/** A Date, epoch milliseconds (a number, or digits as Postgres sends them) or an ISO 8601 text. */
function timestampOf(value: unknown): Date {
  let d: Date;
  if (value instanceof Date) d = value;
  else if (typeof value === "number") d = new Date(value);
  else if (typeof value === "string") d = /^-?\d+(\.\d+)?$/.test(value) ? new Date(Number(value)) : new Date(value);
  else throw new ColumnValueError("a timestamp must be a date, epoch milliseconds or ISO 8601 text");
  if (Number.isNaN(d.getTime())) throw new ColumnValueError(`"${String(value)}" is not a timestamp`);
  return d;
}

const INT_RANGE: Partial<Record<ColumnType, [number, number]>> = {
  SMALLINT: [-32_768, 32_767],
  INTEGER: [-2_147_483_648, 2_147_483_647],
};

/**
 * The value a row carries for a column, whatever its origin (a Postgres row or a file): strings for text and dates,
 * numbers, bigints for BIGINT, Dates for timestamps. Throws ColumnValueError for a value that does not fit.
 */
export function normalizeValue(column: PublishedColumn, value: unknown): unknown {
  if (value === null || value === undefined || (value === "" && column.type !== "VARCHAR")) {
    if (!column.nullable) throw new ColumnValueError(`column ${column.name} is required`);
    return null;
  }
  if (column.type === "TIMESTAMP") return timestampOf(value);
  if (column.type === "JSON") return jsonOf(column, value);
  if (typeof value !== "string" && typeof value !== "number" && typeof value !== "bigint" && typeof value !== "boolean") {
    throw new ColumnValueError(`column ${column.name} expects a ${column.type.toLowerCase()}, not an object`);
  }
  const text = String(value);
  switch (column.type) {
    case "VARCHAR":
      return text;
    case "SMALLINT":
    case "INTEGER": {
      const n = typeof value === "number" ? value : /^\s*-?\d+\s*$/.test(text) ? Number(text) : NaN;
      const [min, max] = INT_RANGE[column.type]!;
      if (!Number.isInteger(n) || n < min || n > max) throw new ColumnValueError(`"${text}" is not a ${column.type.toLowerCase()}`);
      return n;
    }
    case "BIGINT":
      if (typeof value === "bigint") return value;
      if (typeof value === "number" && Number.isSafeInteger(value)) return BigInt(value);
      if (typeof value === "string" && /^-?\d{1,19}$/.test(text.trim())) return BigInt(text.trim());
      throw new ColumnValueError(`"${text}" is not a bigint`);
    case "DOUBLE": {
      const n = typeof value === "number" ? value : /^\s*-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(text) ? Number(text) : NaN;
      if (!Number.isFinite(n)) throw new ColumnValueError(`"${text}" is not a number`);
      return n;
    }
    case "BOOLEAN": {
      if (typeof value === "boolean") return value;
      const t = text.trim().toLowerCase();
      if (t === "true" || t === "t" || t === "1") return true;
      if (t === "false" || t === "f" || t === "0") return false;
      throw new ColumnValueError(`"${text}" is not true or false`);
    }
    case "DATE":
      return isoDay(text);
  }
}

function jsonOf(column: PublishedColumn, value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new ColumnValueError(`column ${column.name} holds invalid JSON`);
  }
}

/** A normalized value as the Parquet writer wants it. */
export function parquetValue(type: ColumnType, value: unknown): unknown {
  if (value === null) return null;
  if (type === "DATE") {
    const s = value as string;
    return Date.UTC(Number(s.slice(0, 4)), Number(s.slice(5, 7)) - 1, Number(s.slice(8, 10))) / DAY_MS;
  }
  return value;
}

const NEEDS_QUOTES = /[",\r\n]/;
const quote = (s: string): string => (s === "" ? '""' : NEEDS_QUOTES.test(s) ? `"${s.replaceAll('"', '""')}"` : s);

/** A normalized value as an RFC 4180 CSV field. Null is the empty field; an empty text is `""`, as Postgres writes it. */
export function csvField(type: ColumnType, value: unknown): string {
  if (value === null) return "";
  switch (type) {
    case "VARCHAR":
      return quote(value as string);
    case "TIMESTAMP":
      return (value as Date).toISOString();
    case "JSON":
      return quote(JSON.stringify(value));
    default:
      if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean" || typeof value === "string") return String(value);
      return quote(JSON.stringify(value));
  }
}

export const csvHeader = (columns: readonly PublishedColumn[]): string => columns.map((c) => quote(c.name)).join(",");
