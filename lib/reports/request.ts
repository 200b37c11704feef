import { validateCuit } from "@/lib/cuit";
import { DomainError } from "@/lib/errors";
import { parseQuery } from "@/lib/http/request";
import { listQuerySchema, quoteQuerySchema } from "@/lib/schemas/reports";

/**
 * The report routes' requests are parsed by their schemas (lib/schemas/reports.ts) in `apiRoute`; these read the
 * same parts for the other doors (the web's actions and pages, the MCP tools) by the same schemas.
 */

/** A CUIT of 11 digits whose type and check digit hold (spec 4.1 rule 5); otherwise `cuit_invalido` with the reason. */
export function checkedCuit(cuit: string): string {
  const check = validateCuit(cuit);
  if (!check.ok) throw new DomainError("cuit_invalido", { text: check.message, extra: { reason: check.reason } });
  return check.cuit;
}

/** The `cuit` of GET /v1/reports/quote: exactly 11 digits, no hyphens or dots, valid type and check digit. */
export const parseQuoteCuit = (value: string | null): string =>
  checkedCuit(parseQuery(quoteQuerySchema, new URLSearchParams(value === null ? {} : { cuit: value })).cuit);

/** `limit` (1..50, default 10), `offset` (>= 0, default 0) and the `cuit` substring of GET /v1/reports. */
export const parseListQuery = (params: URLSearchParams) => parseQuery(listQuerySchema, params);
