import { z } from "zod";
import type { DocumentedErrorCode } from "./errors";

/**
 * The request side of the API: what a field of a body, a query or the headers takes, declared once. The same
 * schema objects are the ones `apiRoute` parses with (lib/http/request.ts) and the ones lib/openapi publishes.
 * Spanish texts live in the schemas (zod `error:`); a field without one answers the code's standard text.
 */

/** The parts of a request that a route declares. */
export interface RequestSchemas {
  body?: z.ZodObject;
  query?: z.ZodObject;
  headers?: z.ZodObject;
}

/**
 * A field whose fault is not `<field>_invalido` / `<field>_requerido` / `parametro_invalido` / `body_invalido`:
 * `missing` (absent, null or blank) or a zod issue code, to the contract's code and its extra fields.
 */
export interface IssueRule {
  code: DocumentedErrorCode;
  extra?: (issue: z.core.$ZodIssue) => Record<string, unknown>;
}
export type IssueRules = Partial<Record<z.core.$ZodIssue["code"] | "missing", IssueRule>>;

/** Where the rules of `withCodes` are kept: beside the schemas, never in their metadata (nor in the OpenAPI document). */
const RULES = new WeakMap<z.core.$ZodType, IssueRules>();

/** Declares the codes a field's own faults answer with (issues inside it, e.g. a list's items, keep the default). */
export function withCodes<S extends z.ZodType>(schema: S, rules: IssueRules): S {
  RULES.set(schema, rules);
  return schema;
}

/** The rules `withCodes` declared for a field, if any. */
export const issueRulesOf = (field: z.core.$ZodType): IssueRules | undefined => RULES.get(field);

/** `limit` of a listing: a whole number from 1 to `max`. */
export function pageLimit(max: number, byDefault: number) {
  const text = `El parámetro limit debe ser un número entero entre 1 y ${max}.`;
  return z
    .int({ error: text })
    .min(1, { error: text })
    .max(max, { error: text })
    .default(byDefault)
    .meta({ description: `Page size, 1 to ${max}.`, example: byDefault });
}

/** `offset` of a listing: items to skip. */
export function pageOffset() {
  const text = "El parámetro offset debe ser un número entero mayor o igual a 0.";
  return z.int({ error: text }).min(0, { error: text }).default(0).meta({ description: "Items to skip.", example: 0 });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An idempotency key: a UUID, kept lowercase. `text` says what is wrong in the words of the door it came through. */
export const idempotencyKey = (text: string) => z.string({ error: text }).trim().toLowerCase().regex(UUID, { error: text });

/** The `Idempotency-Key` header: a UUID, kept lowercase. */
export function idempotencyKeyHeader(description: string) {
  return idempotencyKey("El encabezado Idempotency-Key debe ser un UUID.")
    .optional()
    .meta({ description, format: "uuid", example: "0f8fad5b-d9cb-469f-a165-70867728950e" });
}
