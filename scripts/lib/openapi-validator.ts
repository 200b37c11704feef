import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import type { OpenApiDocument } from "@/lib/openapi/describe";

type Json = Record<string, unknown>;

const DOC_ID = "served-openapi";

/**
 * OpenAPI 3.0 schema objects as JSON Schema:
 * `nullable: true` becomes "or null", draft-04's boolean `exclusiveMinimum`/`exclusiveMaximum` become numbers,
 * `discriminator` and `example` are documentation only, and references point into the document.
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
  if (src.nullable === true) return { anyOf: [out, { type: "null" }] };
  return out;
}

export interface ObservedResponse {
  status: number;
  headers: Headers;
  /** The parsed JSON body; undefined when there is none or it is not JSON. */
  json: unknown;
}

/**
 * What is wrong with a response according to an OpenAPI document: an operation the document lacks, an
 * undocumented status, a documented header that is absent, or a body that breaks the schema (extra or missing
 * fields included). An empty list means it matches.
 */
export type ContractValidator = (method: string, pathname: string, res: ObservedResponse) => string[];

export function contractValidator(doc: OpenApiDocument, options: { ignoreUnknownPaths?: boolean } = {}): ContractValidator {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: DOC_ID, components: { schemas: toJsonSchema(doc.components.schemas) } });
  const templates = Object.keys(doc.paths)
    .map((path) => ({ path, regex: new RegExp(`^${path.replace(/[.]/g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}$`) }))
    // Literal paths first: /v1/reports/quote is not /v1/reports/{id}.
    .sort((a, b) => Number(a.path.includes("{")) - Number(b.path.includes("{")));
  const compiled = new Map<string, ValidateFunction>();

  return (method, pathname, res) => {
    const template = templates.find((t) => t.regex.test(pathname))?.path;
    if (!template && options.ignoreUnknownPaths) return [];
    const operation = template ? doc.paths[template]?.[method.toLowerCase()] : undefined;
    if (!template || !operation) return [`${method} ${pathname} is not an operation of the document`];
    const key = `${method} ${template} ${res.status}`;
    const response = operation.responses[String(res.status)];
    if (!response) return [`${key}: status not listed in the document`];
    const problems: string[] = [];
    for (const name of Object.keys(response.headers ?? {})) {
      const optional = name === "Idempotent-Replayed" || (name.startsWith("RateLimit-") && res.status < 300);
      if (!optional && !res.headers.has(name)) problems.push(`${key}: header ${name} missing`);
    }
    const schema = response.content?.["application/json"]?.schema;
    if (!schema) return problems;
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(toJsonSchema(schema) as Json);
      compiled.set(key, validate);
    }
    if (!validate(res.json)) problems.push(`${key}: body does not match: ${ajv.errorsText(validate.errors)}`);
    return problems;
  };
}
