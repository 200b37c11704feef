import { and, desc, eq, inArray, like, ne, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { reports, type Report } from "@/db/schema";

/** One version of a CUIT's report, as the grouped list shows it. */
export type ReportVersion = Pick<Report, "id" | "status" | "tipoAccion" | "costoUnidades" | "generatedAt" | "denominacion">;

/** A CUIT of the account with its latest report first and every earlier version after it. */
export interface ReportGroup {
  cuit: string;
  versions: ReportVersion[];
}

/**
 * The account's reports grouped by CUIT, the CUIT reported most recently first (the web's /informes). A page is
 * `limit` CUITs; every version of each is included, newest first, so each one stays reachable. `no_resuelto`
 * reports are never listed, as in GET /v1/reports.
 */
export async function listReportGroups(
  db: DbOrTx,
  accountId: string,
  filter: { cuit?: string; limit: number; offset: number },
): Promise<{ groups: ReportGroup[]; has_more: boolean }> {
  const where: SQL[] = [eq(reports.accountId, accountId), ne(reports.status, "no_resuelto")];
  if (filter.cuit) where.push(like(reports.cuit, `%${filter.cuit}%`));
  const latest = sql<string>`max(${reports.createdAt})`;
  const page = await db
    .select({ cuit: reports.cuit })
    .from(reports)
    .where(and(...where))
    .groupBy(reports.cuit)
    .orderBy(desc(latest), reports.cuit)
    .limit(filter.limit + 1)
    .offset(filter.offset);
  const cuits = page.slice(0, filter.limit).map((r) => r.cuit);
  if (cuits.length === 0) return { groups: [], has_more: false };
  const rows = await db
    .select({
      cuit: reports.cuit,
      id: reports.id,
      status: reports.status,
      tipoAccion: reports.tipoAccion,
      costoUnidades: reports.costoUnidades,
      generatedAt: reports.generatedAt,
      denominacion: reports.denominacion,
    })
    .from(reports)
    .where(and(...where, inArray(reports.cuit, cuits)))
    .orderBy(desc(reports.createdAt), desc(reports.seq));
  const byCuit = new Map<string, ReportVersion[]>(cuits.map((c) => [c, []]));
  for (const { cuit, ...version } of rows) byCuit.get(cuit)!.push(version);
  return { groups: cuits.map((cuit) => ({ cuit, versions: byCuit.get(cuit)! })), has_more: page.length > filter.limit };
}
