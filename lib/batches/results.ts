import { asc, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import type { DbOrTx } from "@/db/client";
import { batchItems, reports } from "@/db/schema";
import type { ResultRow, ResultsFormat } from "@/lib/schemas/batches";
import { keyFigures, NO_FIGURES } from "./key-figures";
import { findBatch } from "./view";

const COLUMNS = Object.keys({ posicion: 0, entrada: 0, cuit: 0, status: 0, informe_id: 0, tipo_accion: 0, costo_unidades: 0, error: 0, ...NO_FIGURES }) as (keyof ResultRow)[];

/** Every item of the batch in list order, with its report's key figures. */
export async function resultRows(db: DbOrTx, accountId: string, id: string): Promise<ResultRow[]> {
  const batch = await findBatch(db, accountId, id);
  const rows = await db
    .select({ item: batchItems, denominacion: reports.denominacion, reportStatus: reports.status, sections: reports.sections })
    .from(batchItems)
    .leftJoin(reports, eq(reports.id, batchItems.informeId))
    .where(eq(batchItems.batchId, batch.id))
    .orderBy(asc(batchItems.posicion));
  return rows.map(({ item, denominacion, reportStatus, sections }) => ({
    posicion: item.posicion,
    entrada: item.entrada,
    cuit: item.cuit,
    status: item.status,
    informe_id: item.informeId,
    tipo_accion: item.tipoAccion,
    costo_unidades: item.costoUnidades,
    error: item.error,
    ...(reportStatus && sections ? keyFigures({ denominacion, status: reportStatus, sections }) : NO_FIGURES),
  }));
}

function csvCell(v: ResultRow[keyof ResultRow]): string {
  if (v === null) return "";
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** RFC 4180, with a BOM so that spreadsheet programs read the accents as UTF-8. */
export function toCsv(rows: readonly ResultRow[]): string {
  const lines = [COLUMNS.join(","), ...rows.map((r) => COLUMNS.map((c) => csvCell(r[c])).join(","))];
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

export async function toXlsx(rows: readonly ResultRow[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Resultados");
  sheet.columns = COLUMNS.map((c) => ({ header: c, key: c, width: Math.max(12, c.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const TYPES: Record<ResultsFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ndjson: "application/x-ndjson; charset=utf-8",
};

/** GET /v1/batches/{id}/results: one row per item, as a download. */
export async function batchResults(db: DbOrTx, accountId: string, id: string, format: ResultsFormat): Promise<Response> {
  const rows = await resultRows(db, accountId, id);
  const body =
    format === "csv" ? toCsv(rows) : format === "xlsx" ? new Uint8Array(await toXlsx(rows)) : rows.map((r) => `${JSON.stringify(r)}\n`).join("");
  return new Response(body, {
    headers: { "Content-Type": TYPES[format], "Content-Disposition": `attachment; filename="${id}.${format}"` },
  });
}
