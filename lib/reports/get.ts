import { and, eq, sql } from "drizzle-orm";
import { type DbOrTx, perDatabase } from "@/db/client";
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
const prepared = perDatabase(lookups);

/** The caller's own report, or any report for an admin; otherwise `404 not_found`. */
export async function findReport(db: DbOrTx, caller: Pick<Caller, "accountId" | "account">, id: string): Promise<Report> {
  if (!isId("report", id)) throw notFound();
  const q = prepared(db);
  const [row] = caller.account.isAdmin ? await q.any.execute({ id }) : await q.own.execute({ id, accountId: caller.accountId });
  if (!row) throw notFound();
  return row;
}

const resultOf = (row: Report): ReportResult => ({
  cuit: row.cuit,
  sections: row.sections,
  status: row.status,
  generated_at: new Date(row.generatedAt).toISOString(),
  informe_id: row.id,
});

/** GET /v1/reports/{id}, in the contract's shape (spec 2.1). */
export async function getReport(db: DbOrTx, caller: Pick<Caller, "accountId" | "account">, id: string): Promise<ReportResult> {
  return resultOf(await findReport(db, caller, id));
}

/**
 * The answers of GET /v1/reports/{id} this instance served last, as JSON text with the account they belong to. A
 * report never changes once written (no statement updates or deletes a row of `reports`), so an entry is never
 * stale and instances need not tell each other anything. Least recently read entries go first beyond the budget.
 */
export class ReportTextCache {
  private readonly entries = new Map<string, { accountId: string; text: string }>();
  private chars = 0;

  /** The budget counts characters of JSON text (mostly ASCII: about as many bytes). */
  constructor(private readonly budget: number) {}

  get(id: string): { accountId: string; text: string } | undefined {
    const entry = this.entries.get(id);
    if (entry) {
      this.entries.delete(id);
      this.entries.set(id, entry);
    }
    return entry;
  }

  set(id: string, accountId: string, text: string): void {
    if (text.length > this.budget || this.entries.has(id)) return;
    this.entries.set(id, { accountId, text });
    this.chars += text.length;
    for (const [oldest, entry] of this.entries) {
      if (this.chars <= this.budget) break;
      this.entries.delete(oldest);
      this.chars -= entry.text.length;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

/** 64 M characters of report text: about ten thousand reports of the demo's size. */
const cached = new ReportTextCache(64 * 1024 * 1024);

/**
 * GET /v1/reports/{id} as the JSON text of its answer: from this instance's cache when it served the report before,
 * otherwise read, serialised and kept. Another account's report is the same 404 as a missing one.
 */
export async function getReportText(db: DbOrTx, caller: Pick<Caller, "accountId" | "account">, id: string): Promise<string> {
  const hit = isId("report", id) ? cached.get(id) : undefined;
  if (hit) {
    if (hit.accountId !== caller.accountId && !caller.account.isAdmin) throw notFound();
    return hit.text;
  }
  const row = await findReport(db, caller, id);
  const text = JSON.stringify(resultOf(row));
  cached.set(row.id, row.accountId, text);
  return text;
}
