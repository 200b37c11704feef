import type { DbOrTx } from "@/db/client";
import type { Caller } from "@/lib/auth/caller";
import { parseDni, resolveCuitOrDni } from "@/lib/cuit";
import { DomainError } from "@/lib/errors";
import { listReports } from "@/lib/reports/list";
import { quoteReport } from "@/lib/reports/quote";
import type { QuoteResponse, ReportListItem } from "@/lib/schemas/reports";
import { enforceWebLimit } from "./rate-limit";
import { verifiedCaller } from "./reports";

export interface WebQuote {
  quote: QuoteResponse;
  /** The DNI the person typed, when the CUIT was resolved from one (spec 1.9). */
  dni: string | null;
  /** The account's latest report of this CUIT, which makes the next one an update. */
  previous: ReportListItem | null;
}

/**
 * "Nuevo informe": what generating a report for a CUIT or DNI would be and cost now. The same rules as the API: a
 * DNI resolves to a CUIL, an invalid CUIT is `cuit_invalido` with its reason, and the quote counts toward the
 * account's quote rate limit.
 */
export async function webQuote(db: DbOrTx, caller: Caller, input: string): Promise<WebQuote> {
  const verified = verifiedCaller(caller);
  await enforceWebLimit("reportsQuote", caller.accountId);
  const check = await resolveCuitOrDni(db, input);
  if (!check.ok) throw new DomainError("cuit_invalido", { text: check.message, extra: { reason: check.reason } });
  const [quote, previous] = await Promise.all([
    quoteReport(db, verified, check.cuit),
    listReports(db, caller.accountId, { cuit: check.cuit, limit: 1, offset: 0 }),
  ]);
  return { quote, dni: parseDni(input), previous: previous.items[0] ?? null };
}
