import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { reports, type Report } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { DomainError } from "@/lib/errors";
import { isId } from "@/lib/id";
import type { ReportResult } from "@/lib/schemas/reports";
import { REPORT_NOT_FOUND } from "./messages";

/** Same status and body whether the report is missing, malformed or another account's (spec 4.3). */
const notFound = () => new DomainError("not_found", { text: REPORT_NOT_FOUND });

/** Both lookups built once per database as named prepared statements (no SQL rebuilt or re-planned per request). */
function lookups(db: DbOrTx) {
  return {
    own: db
      .select()
      .from(reports)
      .where(and(eq(reports.id, sql.placeholder("id")), eq(reports.accountId, sql.placeholder("accountId"))))
      .limit(1)
      .prepare("report_own"),
    any: db.select().from(reports).where(eq(reports.id, sql.placeholder("id"))).limit(1).prepare("report_any"),
  };
}
const prepared = new WeakMap<DbOrTx, ReturnType<typeof lookups>>();

/** The caller's own report, or any report for an admin; otherwise `404 not_found`. */
export async function findReport(db: DbOrTx, caller: Pick<Caller, "accountId" | "account">, id: string): Promise<Report> {
  if (!isId("report", id)) throw notFound();
  let q = prepared.get(db);
  if (!q) prepared.set(db, (q = lookups(db)));
  const [row] = caller.account.isAdmin ? await q.any.execute({ id }) : await q.own.execute({ id, accountId: caller.accountId });
  if (!row) throw notFound();
  return row;
}

/** GET /v1/reports/{id}, in the contract's shape (spec 2.1). */
export async function getReport(db: DbOrTx, caller: Pick<Caller, "accountId" | "account">, id: string): Promise<ReportResult> {
  const row = await findReport(db, caller, id);
  return {
    cuit: row.cuit,
    sections: row.sections,
    status: row.status,
    generated_at: new Date(row.generatedAt).toISOString(),
    informe_id: row.id,
  };
}
