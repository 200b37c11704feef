import type { z } from "zod";
import { ERROR_SCHEMAS } from "@/lib/schemas/errors";
import { issueRulesOf, type IssueRule, type IssueRules, type RequestSchemas } from "@/lib/schemas/request";
import { DomainError, type ErrorCode } from "@/lib/errors";

/**
 * Requests parsed by the schemas the OpenAPI document publishes (lib/schemas/*), and zod's issues turned into the
 * contract's codes (spec part 7):
 *
 * - headers: `Idempotency-Key` absent where required is `idempotency_key_requerido`, wrong `idempotency_key_invalido`;
 * - body: not a JSON object is `body_invalido`; a required field absent, null or blank is `<field>_requerido` when
 *   that code exists (`cuit_requerido`), and beats unknown fields, which are `body_invalido`; a wrong field is
 *   `<field>_invalido` when that code exists (`cuit_invalido`, `reason: "formato"`), else `body_invalido`;
 * - query: a wrong parameter is `<field>_invalido` when that code exists, else `parametro_invalido` naming it.
 *
 * A field may name other codes with `withCodes` (lib/schemas/request.ts): `lote_vacio`, `format_not_available`.
 * The text is the schema's own message, else the code's standard one. Rules that need data (a CUIT's check digit,
 * a report of the account) stay in the services.
 */

export type RequestPart = "body" | "query" | "headers";
export type { RequestSchemas };

/** What the handler gets: each declared part, parsed. */
export type RequestInput<R extends RequestSchemas> = { [K in keyof R]: R[K] extends z.ZodType ? z.output<R[K]> : never };

/** The message zod gives an issue the schema has no text for: the code's standard text is used instead. */
const NO_TEXT = "\u0000no-text";

type Issue = z.core.$ZodIssue;

/** The code, when the contract documents it (the ones `<field>_requerido` and `<field>_invalido` may name). */
const documented = (code: string): (keyof typeof ERROR_SCHEMAS & ErrorCode) | null => (code in ERROR_SCHEMAS ? (code as keyof typeof ERROR_SCHEMAS) : null);

/** Faults of a CUIT's shape are `formato`; `tipo` and `digito_verificador` are the services' to tell. */
function fault(code: ErrorCode, issue: Issue | null, extra: Record<string, unknown> = {}): DomainError {
  const text = issue && issue.message !== NO_TEXT ? issue.message : undefined;
  const known = documented(code);
  const reason = known && "reason" in ERROR_SCHEMAS[known].shape ? { reason: "formato" } : {};
  return new DomainError(code, { text, extra: { ...reason, ...extra } });
}

function ruleFor(schema: z.ZodObject, issue: Issue, kind: keyof IssueRules): IssueRule | undefined {
  if (issue.path.length !== 1) return undefined;
  const field = schema.shape[String(issue.path[0])] as z.ZodType | undefined;
  return field ? issueRulesOf(field)?.[kind] : undefined;
}

const byRule = (rule: IssueRule, issue: Issue) => fault(rule.code, issue, rule.extra?.(issue) ?? {});

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

const fieldOf = (issue: Issue) => String(issue.path[0]);

/** The contract's error for the issues of one part of a request (`raw` is what was parsed). */
export function requestError(part: RequestPart, schema: z.ZodObject, raw: unknown, issues: readonly Issue[]): DomainError {
  const fields = issues.filter((i) => i.path.length > 0);
  const value = (i: Issue) => (raw && typeof raw === "object" ? (raw as Record<string, unknown>)[fieldOf(i)] : undefined);

  if (part === "body") {
    if (issues.some((i) => i.path.length === 0 && i.code !== "unrecognized_keys")) return fault("body_invalido", null);
    for (const i of fields) {
      if (i.path.length !== 1 || !isBlank(value(i))) continue;
      const rule = ruleFor(schema, i, "missing");
      if (rule) return byRule(rule, i);
      const required = documented(`${fieldOf(i)}_requerido`);
      if (required) return fault(required, i);
    }
    if (issues.some((i) => i.code === "unrecognized_keys")) return fault("body_invalido", null);
    const first = fields[0];
    if (!first) return fault("body_invalido", null);
    const rule = ruleFor(schema, first, first.code);
    if (rule) return byRule(rule, first);
    const code = documented(`${fieldOf(first)}_invalido`);
    return code ? fault(code, first) : fault("body_invalido", null);
  }

  const first = fields[0] ?? issues[0];
  const name = first.path.length > 0 ? fieldOf(first) : "";
  const rule = ruleFor(schema, first, value(first) === undefined ? "missing" : first.code) ?? ruleFor(schema, first, first.code);
  if (rule) return rule.code === "parametro_invalido" ? fault(rule.code, first, { parameter: name, ...rule.extra?.(first) }) : byRule(rule, first);
  if (part === "headers") {
    const base = name.toLowerCase().replaceAll("-", "_");
    const required = documented(`${base}_requerido`);
    if (value(first) === undefined && required) return fault(required, first);
    const invalid = documented(`${base}_invalido`);
    if (invalid) return fault(invalid, first);
    return fault("parametro_invalido", first, { parameter: name });
  }
  const code = documented(`${name}_invalido`);
  return code ? fault(code, first) : fault("parametro_invalido", first, { parameter: name });
}

function parse<S extends z.ZodObject>(part: RequestPart, schema: S, raw: unknown): z.output<S> {
  const parsed = schema.safeParse(raw, { error: () => NO_TEXT, reportInput: true });
  if (parsed.success) return parsed.data;
  throw requestError(part, schema, raw, parsed.error.issues);
}

/** Whether a query parameter is a number in the schema (then its digits are read as one, and nothing else is). */
function isNumeric(schema: z.ZodType): boolean {
  let def = schema._zod.def as { type: string; innerType?: z.ZodType };
  while (def.innerType && ["optional", "default", "prefault", "nullable", "readonly"].includes(def.type)) def = def.innerType._zod.def;
  return def.type === "number";
}

/** Query parameters by their schema: the first value of each name the schema has; digits for a number field. */
export function parseQuery<S extends z.ZodObject>(schema: S, params: URLSearchParams): z.output<S> {
  const raw: Record<string, unknown> = {};
  for (const [name, field] of Object.entries<z.ZodType>(schema.shape)) {
    const value = params.get(name);
    if (value === null) continue;
    raw[name] = isNumeric(field) && /^\d+$/.test(value.trim()) ? Number(value) : value;
  }
  return parse("query", schema, raw);
}

/** The headers the schema names (its keys, case-insensitively). */
export function parseHeaders<S extends z.ZodObject>(schema: S, headers: Headers): z.output<S> {
  const raw: Record<string, string> = {};
  for (const name of Object.keys(schema.shape)) {
    const value = headers.get(name);
    if (value !== null) raw[name] = value;
  }
  return parse("headers", schema, raw);
}

/** A JSON body already read, by its schema. */
export const parseBody = <S extends z.ZodObject>(schema: S, body: unknown): z.output<S> => parse("body", schema, body);

/** Every part the route declares, in the order headers, query, body. */
export async function parseRequest<R extends RequestSchemas>(req: Request, url: URL, schemas: R | undefined): Promise<RequestInput<R>> {
  const input: Record<string, unknown> = {};
  if (schemas?.headers) input.headers = parseHeaders(schemas.headers, req.headers);
  if (schemas?.query) input.query = parseQuery(schemas.query, url.searchParams);
  if (schemas?.body) input.body = parseBody(schemas.body, await readJsonBody(req));
  return input as RequestInput<R>;
}

/** Far above any valid request body of the API; a larger one is refused before it is buffered. */
const MAX_BODY_BYTES = 64 * 1024;

/** The body as text, read up to `limit` bytes: a larger one is `400 body_invalido`, and so is an unreadable one. */
async function readBounded(req: Request, limit: number): Promise<string> {
  if (!req.body) return "";
  if (Number(req.headers.get("content-length") ?? 0) > limit) {
    await req.body.cancel().catch(() => undefined);
    throw new DomainError("body_invalido");
  }
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel();
        throw new DomainError("body_invalido");
      }
      chunks.push(value);
    }
  } catch (e) {
    if (e instanceof DomainError) throw e;
    throw new DomainError("body_invalido");
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Reads a JSON body; an absent, oversized or malformed one is `400 body_invalido`. */
export async function readJsonBody(req: Request): Promise<unknown> {
  const text = await readBounded(req, MAX_BODY_BYTES);
  if (!text.trim()) throw new DomainError("body_invalido");
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new DomainError("body_invalido");
  }
}
