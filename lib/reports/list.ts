import { and, desc, eq, like, ne, sql, type SQL } from "drizzle-orm";
import { type DbOrTx, perDatabase } from "@/db/client";
import { reports } from "@/db/schema";
import { formatCuit } from "@/lib/cuit";
import type { ReportList, ReportListItem } from "@/lib/schemas/reports";

export interface ListFilter {
  /** Restricts to one account; omitted only by the admin console, which lists every account. */
  accountId?: string;
  /** Digits of the CUIT substring (hyphens already removed). */
  cuit?: string;
  limit: number;
  offset: number;
}

export type ReportRow = ReportListItem & { account_id: string };

const columns = {
  id: reports.id,
  accountId: reports.accountId,
  cuit: reports.cuit,
  denominacion: reports.denominacion,
  denominacionOrigen: reports.denominacionOrigen,
  status: reports.status,
  generatedAt: reports.generatedAt,
  createdAt: reports.createdAt,
};

function query(db: DbOrTx, where: SQL[]) {
  return db
    .select(columns)
    .from(reports)
    .where(and(ne(reports.status, "no_resuelto"), ...where))
    .orderBy(desc(reports.createdAt), desc(reports.seq));
}

/** One account's pages (the API's case), built once per database as named prepared statements. */
function accountPages(db: DbOrTx) {
  const account = eq(reports.accountId, sql.placeholder("accountId"));
  const [limit, offset] = [sql.placeholder("limit"), sql.placeholder("offset")];
  return {
    all: query(db, [account]).limit(limit).offset(offset).prepare("reports_page"),
    byCuit: query(db, [account, like(reports.cuit, sql.placeholder("pattern"))]).limit(limit).offset(offset).prepare("reports_page_cuit"),
  };
}
const prepared = perDatabase(accountPages);

async function rowsOf(db: DbOrTx, filter: ListFilter, limit: number) {
  const pattern = filter.cuit ? `%${filter.cuit}%` : undefined;
  if (!filter.accountId) {
    return query(db, pattern ? [like(reports.cuit, pattern)] : []).limit(limit).offset(filter.offset);
  }
  const q = prepared(db);
  const params = { accountId: filter.accountId, limit, offset: filter.offset };
  return pattern ? q.byCuit.execute({ ...params, pattern }) : q.all.execute(params);
}

/** Most recent first; `no_resuelto` reports are never listed. One row past the page tells whether more follow. */
export async function listReportRows(db: DbOrTx, filter: ListFilter): Promise<{ items: ReportRow[]; has_more: boolean }> {
  const rows = await rowsOf(db, filter, filter.limit + 1);
  return {
    items: rows.slice(0, filter.limit).map((r) => ({
      id: r.id,
      account_id: r.accountId,
      cuit: r.cuit,
      cuit_formateado: formatCuit(r.cuit),
      denominacion: r.denominacion,
      denominacion_origen: r.denominacionOrigen,
      status: r.status,
      generated_at: new Date(r.generatedAt).toISOString(),
      created_at: new Date(r.createdAt).toISOString(),
    })),
    has_more: rows.length > filter.limit,
  };
}

/** GET /v1/reports: the account's reports in the contract's shape. */
export async function listReports(db: DbOrTx, accountId: string, filter: Omit<ListFilter, "accountId">): Promise<ReportList> {
  const { items, has_more } = await listReportRows(db, { ...filter, accountId });
  return { items: items.map(({ account_id: _account, ...item }) => item), has_more };
}
