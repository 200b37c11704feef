import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { openApiDocument } from "@/lib/openapi/document";

type Json = Record<string, any>;

const DOC_ID = "legajo-openapi";

/**
 * OpenAPI 3.0 schema objects as JSON Schema: `nullable: true` becomes "or null", draft-04's boolean
 * `exclusiveMinimum`/`exclusiveMaximum` become numbers, `discriminator` and `example` are documentation only, and
 * references point into the document registered under DOC_ID.
 */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== "object") return node;
  const src = node as Json;
  const out: Json = {};
  for (const [k, v] of Object.entries(src)) {
    if (k === "discriminator" || k === "example" || k === "nullable") continue;
    if (k === "properties") {
      // Keys here are field names (a field may well be called "nullable"), not keywords.
      out[k] = Object.fromEntries(Object.entries(v as Json).map(([name, schema]) => [name, toJsonSchema(schema)]));
    } else out[k] = k === "$ref" ? `${DOC_ID}${v as string}` : toJsonSchema(v);
  }
  for (const [flag, bound] of [["exclusiveMinimum", "minimum"], ["exclusiveMaximum", "maximum"]] as const) {
    if (src[flag] === true) {
      out[flag] = src[bound];
      delete out[bound];
    } else if (src[flag] === false) delete out[flag];
  }
  if ((node as Json).nullable === true) return { anyOf: [out, { type: "null" }] };
  return out;
}

let state: { doc: Json; ajv: Ajv; templates: { regex: RegExp; path: string }[]; cache: Map<string, ValidateFunction> } | undefined;

function setup() {
  if (state) return state;
  const doc: Json = openApiDocument("http://localhost:3000");
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: DOC_ID, components: { schemas: toJsonSchema(doc.components.schemas) } });
  const templates = Object.keys(doc.paths)
    .map((path) => ({ path, regex: new RegExp(`^${path.replace(/\{[^}]+\}/g, "[^/]+")}$`) }))
    // Literal paths first: /v1/reports/quote is not /v1/reports/{id}.
    .sort((a, b) => Number(a.path.includes("{")) - Number(b.path.includes("{")));
  state = { doc, ajv, templates, cache: new Map() };
  return state;
}

export interface ObservedResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

/**
 * Throws when a response does not match the document's description of its operation: an undocumented status, a
 * body that breaks the schema (extra or missing fields included), or a documented header that is absent.
 * Paths the document does not describe are not checked (handlers made inside a test).
 */
export function assertMatchesContract(method: string, pathname: string, res: ObservedResponse): void {
  const { doc, ajv, templates, cache } = setup();
  const template = templates.find((t) => t.regex.test(pathname))?.path;
  if (!template) return;
  const operation = doc.paths[template]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${method} ${template} is not in the OpenAPI document`);
  const response = operation.responses[String(res.status)];
  if (!response) throw new Error(`${method} ${template} answered ${res.status}, which the OpenAPI document does not list`);
  for (const name of Object.keys(response.headers ?? {})) {
    const optional = name === "Idempotent-Replayed" || (name.startsWith("RateLimit-") && res.status < 300);
    if (!optional && !res.headers.has(name)) throw new Error(`${method} ${template} ${res.status}: header ${name} is missing`);
  }
  const schema = response.content?.["application/json"]?.schema;
  if (!schema) return;
  const key = `${method} ${template} ${res.status}`;
  let validate = cache.get(key);
  if (!validate) {
    validate = ajv.compile(toJsonSchema(schema) as Json);
    cache.set(key, validate);
  }
  if (!validate(res.body)) {
    throw new Error(`${key}: body does not match the OpenAPI document: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(res.body).slice(0, 500)}`);
  }
}

/** The document itself, for tests that inspect it. */
export const contractDocument = () => setup().doc;
