import ExcelJS from "exceljs";
import { DomainError, type ErrorCode } from "@/lib/errors";
import { BATCH_MAX_ENTRIES } from "@/lib/schemas/batches";

/** The largest file the web takes for a batch. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

const refuse = (code: ErrorCode, text: string, extra?: Record<string, unknown>) => new DomainError(code, { text, extra });

/** A first row whose first cell has letters ("CUIT", "Documento") is a header, not an entry. */
const isHeader = (cell: string) => /\p{L}/u.test(cell) && !/^\d[\d.\-\s]*$/.test(cell);

/** The first cell of a CSV line: up to the first separator (comma, semicolon as spreadsheets in es-AR write, or tab). */
function firstCsvCell(line: string): string {
  const quoted = /^\s*"((?:[^"]|"")*)"/.exec(line);
  if (quoted) return quoted[1].replaceAll('""', '"').trim();
  return line.split(/[,;\t]/, 1)[0].trim();
}

function csvFirstColumn(bytes: Buffer): string[][] {
  if (bytes.includes(0)) throw refuse("archivo_invalido", "El archivo no es un CSV ni un XLSX. Subí una planilla .xlsx o un archivo .csv.");
  const text = bytes.toString("utf8").replace(/^\uFEFF/, "");
  return text.split(/\r\n|\n|\r/).map((line) => [firstCsvCell(line), line.trim()]);
}

async function xlsxFirstColumn(bytes: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw refuse("archivo_invalido", "No pudimos leer la planilla. Guardala como .xlsx (Excel 2007 o posterior) o como .csv y volvé a subirla.");
  }
  const sheet = book.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    // Whether the row has anything at all, in any column: its cells' text.
    const whole = values.map((_, i) => row.getCell(i + 1).text).join("");
    rows.push([row.getCell(1).text.trim(), whole.trim()]);
  });
  return rows;
}

/** Entries of the list: first cells, blank lines dropped, an optional header dropped, at most 1,000. */
function entriesOf(rows: string[][]): string[] {
  const filled = rows.filter(([, whole]) => whole !== "");
  if (filled.length > 0 && filled.every(([first]) => first === "")) {
    throw refuse("columna_vacia", "La primera columna está vacía. Poné los CUIT o DNI en la primera columna (A), uno por fila.");
  }
  const cells = filled.map(([first]) => first);
  if (cells.length > 0 && isHeader(cells[0])) cells.shift();
  // An entry longer than any CUIT or DNI is invalid anyway; keeping it short keeps the confirmation small.
  const entries = cells.filter((c) => c !== "").map((c) => c.slice(0, 40));
  if (entries.length === 0) throw refuse("lote_vacio", "La lista está vacía: no encontramos ningún CUIT o DNI.");
  if (entries.length > BATCH_MAX_ENTRIES) {
    throw refuse(
      "lote_demasiado_grande",
      `Un lote admite hasta ${BATCH_MAX_ENTRIES.toLocaleString("es-AR")} CUIT o DNI y la lista tiene ${entries.length.toLocaleString("es-AR")}. Dividila en varios lotes.`,
      { limite: BATCH_MAX_ENTRIES, recibidos: entries.length },
    );
  }
  return entries;
}

const isZip = (b: Buffer) => b.length >= 4 && b.readUInt32LE(0) === 0x04034b50;

/**
 * The entries of an uploaded list: a CSV or XLSX file (first column CUIT or DNI, header optional, at most 5 MB) or
 * pasted text, one entry per line. Anything else is a 400 with the reason in the person's words; nothing is checked
 * against the database here (see checkEntries).
 */
export async function readUploadedList(input: { file: File | null; text: string }): Promise<string[]> {
  const { file } = input;
  if (file && file.size > 0) {
    if (file.size > UPLOAD_MAX_BYTES) {
      throw refuse("archivo_demasiado_grande", "El archivo pesa más de 5 MB. Subí uno más chico o dividí la lista en varios lotes.");
    }
    const name = file.name.toLowerCase();
    const bytes = Buffer.from(await file.arrayBuffer());
    if (name.endsWith(".xlsx") && isZip(bytes)) return entriesOf(await xlsxFirstColumn(bytes));
    if ((name.endsWith(".csv") || name.endsWith(".txt")) && !isZip(bytes)) return entriesOf(csvFirstColumn(bytes));
    throw refuse("archivo_invalido", "El archivo no es un CSV ni un XLSX. Subí una planilla .xlsx o un archivo .csv.");
  }
  return entriesOf(input.text.split(/\r\n|\n|\r/).map((line) => [firstCsvCell(line), line.trim()]));
}
