import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { ColumnValueError, normalizeValue, type PublishedColumn } from "./columns";
import { emptyBatch, type Batch } from "./row-stream";

/** A file that cannot be published as it is; the message names the line and the problem. */
export class FileInputError extends Error {
  override name = "FileInputError";
}

const BATCH = 5_000;
const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

/**
 * Streams the records of an RFC 4180 CSV file (quoted fields, doubled quotes, CRLF or LF, a leading BOM) in batches,
 * each record with the line it starts on. Blank lines are skipped.
 */
export async function* csvRecords(file: string): AsyncGenerator<{ line: number; cells: string[] }[]> {
  let batch: { line: number; cells: string[] }[] = [];
  let field = "";
  let record: string[] = [];
  let inQuotes = false;
  let afterQuote = false;
  let skipLf = false;
  let line = 1;
  let recordLine = 1;
  let first = true;
  const endRecord = () => {
    record.push(field);
    if (!(record.length === 1 && record[0] === "" && !afterQuote)) batch.push({ line: recordLine, cells: record });
    record = [];
    field = "";
    afterQuote = false;
    line++;
    recordLine = line;
  };
  for await (const chunk of fs.createReadStream(file, { encoding: "utf8", highWaterMark: 1 << 20 })) {
    let text = chunk as string;
    if (first) {
      first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      if (skipLf) {
        skipLf = false;
        if (ch === LF) {
          start = i + 1;
          continue;
        }
      }
      if (inQuotes) {
        if (ch === QUOTE) {
          field += text.slice(start, i);
          start = i + 1;
          inQuotes = false;
          afterQuote = true;
        } else if (ch === LF) line++;
        continue;
      }
      if (afterQuote && ch === QUOTE) {
        // A doubled quote inside a quoted field.
        field += '"';
        inQuotes = true;
        afterQuote = false;
        start = i + 1;
        continue;
      }
      if (ch === COMMA) {
        field += text.slice(start, i);
        record.push(field);
        field = "";
        afterQuote = false;
        start = i + 1;
      } else if (ch === LF || ch === CR) {
        field += text.slice(start, i);
        start = i + 1;
        endRecord();
        skipLf = ch === CR;
      } else if (afterQuote) {
        throw new FileInputError(`line ${line}: unexpected text after a closing quote`);
      } else if (ch === QUOTE) {
        if (i !== start || field !== "") throw new FileInputError(`line ${line}: a quote inside an unquoted field`);
        inQuotes = true;
        start = i + 1;
      }
    }
    field += text.slice(start);
    if (batch.length >= BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (inQuotes) throw new FileInputError(`line ${recordLine}: a quoted field is never closed`);
  if (field !== "" || record.length > 0 || afterQuote) endRecord();
  if (batch.length) yield batch;
}

function normalizeCell(column: PublishedColumn, value: unknown, line: number): unknown {
  try {
    return normalizeValue(column, value);
  } catch (e) {
    if (e instanceof ColumnValueError) throw new FileInputError(`line ${line}, column ${column.name}: ${e.message}`);
    throw e;
  }
}

async function* csvRows(file: string, columns: readonly PublishedColumn[]): AsyncGenerator<Batch> {
  let order: { column: PublishedColumn; index: number }[] | undefined;
  for await (const records of csvRecords(file)) {
    const batch = emptyBatch(columns.length);
    for (const { line, cells } of records) {
      if (!order) {
        order = headerColumns(cells, columns);
        continue;
      }
      if (cells.length !== order.length) throw new FileInputError(`line ${line}: ${cells.length} fields, the header has ${order.length}`);
      for (let i = 0; i < order.length; i++) {
        const { column, index } = order[i];
        // CSV cannot tell an empty text from a missing one: an empty field is null, and refused in a required column.
        batch.columns[index].push(normalizeCell(column, cells[i] === "" ? null : cells[i], line));
      }
      batch.length++;
    }
    if (batch.length) yield batch;
  }
  if (!order) throw new FileInputError("the file is empty; it needs a header line");
}

/** Each header cell's column and its position among the published columns; every column must be there once. */
function headerColumns(header: string[], columns: readonly PublishedColumn[]): { column: PublishedColumn; index: number }[] {
  const byName = new Map(columns.map((column, index) => [column.name, { column, index }]));
  const seen = new Set<string>();
  const order = header.map((raw) => {
    const name = raw.trim();
    const found = byName.get(name);
    if (!found) throw new FileInputError(`line 1: unknown column "${name}"; expected ${columns.map((c) => c.name).join(", ")}`);
    if (seen.has(name)) throw new FileInputError(`line 1: column "${name}" appears twice`);
    seen.add(name);
    return found;
  });
  const missing = columns.filter((c) => !seen.has(c.name)).map((c) => c.name);
  if (missing.length) throw new FileInputError(`line 1: missing columns ${missing.join(", ")}`);
  return order;
}

async function* ndjsonRows(file: string, columns: readonly PublishedColumn[]): AsyncGenerator<Batch> {
  const names = new Set(columns.map((c) => c.name));
  const lines = readline.createInterface({ input: fs.createReadStream(file, { encoding: "utf8" }), crlfDelay: Infinity });
  let line = 0;
  let batch = emptyBatch(columns.length);
  for await (const text of lines) {
    line++;
    if (!text.trim()) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new FileInputError(`line ${line}: not valid JSON`);
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new FileInputError(`line ${line}: expected a JSON object`);
    const record = parsed as Record<string, unknown>;
    for (const key of Object.keys(record)) if (!names.has(key)) throw new FileInputError(`line ${line}: unknown column "${key}"`);
    columns.forEach((column, i) => batch.columns[i].push(normalizeCell(column, record[column.name], line)));
    batch.length++;
    if (batch.length >= BATCH) {
      yield batch;
      batch = emptyBatch(columns.length);
    }
  }
  if (batch.length) yield batch;
}

/** The rows of a CSV (with a header line) or NDJSON file, normalized to the dataset's columns, in batches. */
export function fileRows(file: string, columns: readonly PublishedColumn[]): AsyncGenerator<Batch> {
  if (!fs.existsSync(file)) throw new FileInputError(`${file} does not exist`);
  const ext = path.extname(file).toLowerCase();
  if (ext === ".csv") return csvRows(file, columns);
  if (ext === ".ndjson" || ext === ".jsonl") return ndjsonRows(file, columns);
  throw new FileInputError(`${path.basename(file)}: use a .csv file with a header line, or .ndjson / .jsonl`);
}
