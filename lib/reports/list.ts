import { and, desc, eq, like, ne, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
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

/** Most recent first; `no_resuelto` reports are never listed. One row past the page tells whether more follow. */
export async function listReportRows(db: DbOrTx, filter: ListFilter): Promise<{ items: ReportRow[]; has_more: boolean }> {
  const where: SQL[] = [ne(reports.status, "no_resuelto")];
  if (filter.accountId) where.push(eq(reports.accountId, filter.accountId));
  if (filter.cuit) where.push(like(reports.cuit, `%${filter.cuit}%`));
  const rows = await db
    .select({
      id: reports.id,
      accountId: reports.accountId,
      cuit: reports.cuit,
      denominacion: reports.denominacion,
      denominacionOrigen: reports.denominacionOrigen,
      status: reports.status,
      generatedAt: reports.generatedAt,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .where(and(...where))
    .orderBy(desc(reports.createdAt), desc(reports.seq))
    .limit(filter.limit + 1)
    .offset(filter.offset);
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
