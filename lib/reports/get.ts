import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { reports, type Report } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { ApiError } from "@/lib/http/errors";
import { isId } from "@/lib/id";
import type { ReportResult } from "@/lib/schemas/reports";

/** Same status and body whether the report is missing, malformed or another account's (spec 4.3). */
const notFound = () => new ApiError(404, "not_found", { text: "No existe un informe con ese id en tu cuenta." });

/** The caller's own report, or any report for an admin; otherwise `404 not_found`. */
export async function findReport(db: DbOrTx, caller: Pick<Caller, "accountId" | "account">, id: string): Promise<Report> {
  if (!isId("report", id)) throw notFound();
  const scope = caller.account.isAdmin ? eq(reports.id, id) : and(eq(reports.id, id), eq(reports.accountId, caller.accountId));
  const [row] = await db.select().from(reports).where(scope).limit(1);
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
