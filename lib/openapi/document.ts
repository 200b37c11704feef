import { z } from "zod";
import { ERROR_SCHEMAS } from "@/lib/schemas/errors";
import { componentRegistry } from "./components";
import { datasetNotFoundSchema, OPERATIONS, type Operation, type Parameter } from "./operations";

type JsonObject = Record<string, unknown>;

const COMPONENT = (id: string) => `#/components/schemas/${id}`;
const TARGET = "openapi-3.0" as const;

/**
 * Strips what OpenAPI 3.0 schema objects do not take ($id, $schema, $defs) and the noise of safe-integer bounds,
 * and points local `$defs` references at the components, which hold every schema with an id.
 */
function clean(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(clean);
  if (!node || typeof node !== "object") return node;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === "$id" || k === "$schema" || k === "$defs" || k === "definitions") continue;
    if (k === "$ref" && typeof v === "string") {
      out[k] = v.replace(/^#\/(\$defs|definitions)\//, "#/components/schemas/");
      continue;
    }
    if ((k === "maximum" && v === Number.MAX_SAFE_INTEGER) || (k === "minimum" && v === Number.MIN_SAFE_INTEGER)) continue;
    out[k] = clean(v);
  }
  return out;
}

const errorSchema = (code: string): z.ZodType =>
  code === "dataset_not_found" ? datasetNotFoundSchema : ERROR_SCHEMAS[code as keyof typeof ERROR_SCHEMAS];

/** The fields of the request's query and headers, as parameters; the route parses them with the same schemas. */
function requestParameters(op: Operation): Parameter[] {
  const fields = (where: "query" | "header", schema: z.ZodObject | undefined): Parameter[] =>
    Object.entries((schema?.shape ?? {}) as Record<string, z.ZodType>).map(([name, field]) => {
      const meta = field.meta() ?? {};
      return {
        in: where,
        name,
        schema: field,
        required: field._zod.optin === undefined,
        description: meta.description ?? "",
        example: meta.example,
      };
    });
  return [...(op.parameters ?? []), ...fields("query", op.request?.query), ...fields("header", op.request?.headers)];
}

/** Every schema the operations use: bodies, parameters, answers and the error bodies they list. */
function operationSchemas(op: Operation): z.ZodType[] {
  return [
    ...requestParameters(op).map((p) => p.schema),
    ...(op.request?.body ? [op.request.body] : []),
    ...(typeof op.success.schema === "string" ? [] : [op.success.schema]),
    ...(op.alternative ? [op.alternative.schema] : []),
    ...Object.values(op.errors).flatMap((codes) => codes.map(errorSchema)),
  ];
}

/** The schemas the document publishes, read from the operations alone (see componentRegistry for why). */
const registry = componentRegistry(OPERATIONS.flatMap(operationSchemas));

/** A schema as a reference to its component when it has an id, otherwise inline (referring to components). */
function schemaOf(schema: z.ZodType, io: "input" | "output" = "output"): JsonObject {
  const id = registry.get(schema)?.id;
  if (id) return { $ref: COMPONENT(id) };
  return clean(z.toJSONSchema(schema, { target: TARGET, io, unrepresentable: "any", metadata: registry })) as JsonObject;
}

const errorRef = (code: string) => schemaOf(errorSchema(code)) as { $ref: string };

const header = (ref: string) => ({ $ref: `#/components/headers/${ref}` });

const HEADERS = {
  "X-Request-Id": { description: "Id of this request, also in the server's logs.", schema: { type: "string", format: "uuid" } },
  "Retry-After": { description: "Seconds to wait before retrying.", schema: { type: "integer", minimum: 1 } },
  "RateLimit-Limit": { description: "Requests allowed in the window of the tightest limit that applies.", schema: { type: "integer" } },
  "RateLimit-Remaining": { description: "Requests left in that window.", schema: { type: "integer", minimum: 0 } },
  "RateLimit-Reset": { description: "Seconds until that window resets.", schema: { type: "integer", minimum: 0 } },
  "Idempotent-Replayed": { description: "`true` when the body is the stored response of an earlier request with the same Idempotency-Key.", schema: { type: "string", enum: ["true"] } },
  Location: { description: "The signed URL of the file.", schema: { type: "string", format: "uri" } },
};

const STATUS_TEXT: Record<number, string> = {
  400: "Invalid request.",
  401: "Missing or invalid credentials.",
  402: "The balance does not cover the generation.",
  403: "Not allowed.",
  404: "Not found.",
  409: "Conflict with a running or earlier operation.",
  429: "Too many requests.",
  500: "Unexpected error; the message is generic and the request id is in the logs.",
};

/** Conflicts that waiting does not resolve (a plan's limit, a disabled webhook): no Retry-After. */
const LASTING_CONFLICTS = new Set<string>(["limite_monitoreo", "limite_webhooks", "webhook_inactivo"]);

function responseHeaders(op: Operation, status: number): JsonObject {
  const h: JsonObject = { "X-Request-Id": header("X-Request-Id") };
  if (op.rateLimited && (status < 300 || status === 429)) {
    for (const name of ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]) h[name] = header(name);
  }
  if (status === 429 || (status === 409 && !op.errors[409]?.every((c) => LASTING_CONFLICTS.has(c)))) h["Retry-After"] = header("Retry-After");
  if (status === (op.success.status ?? 200) && op.success.replayHeader) h["Idempotent-Replayed"] = header("Idempotent-Replayed");
  if (status === 302) h.Location = header("Location");
  return h;
}

function errorResponse(op: Operation, status: number, codes: string[]): JsonObject {
  const schema =
    codes.length === 1
      ? errorRef(codes[0])
      : { oneOf: codes.map(errorRef), discriminator: { propertyName: "error", mapping: Object.fromEntries(codes.map((c) => [c, errorRef(c).$ref])) } };
  return {
    description: `${STATUS_TEXT[status]} \`error\` is one of: ${codes.map((c) => `\`${c}\``).join(", ")}.`,
    headers: responseHeaders(op, status),
    content: { "application/json": { schema } },
  };
}

function parameter(p: Parameter): JsonObject {
  return { in: p.in, name: p.name, required: p.required ?? p.in === "path", description: p.description, schema: schemaOf(p.schema, "input"), example: p.example };
}

const SECURITY: Record<Operation["access"], JsonObject[]> = {
  public: [],
  optional: [{}, { bearerAuth: [] }, { sessionCookie: [] }],
  key: [{ bearerAuth: [] }, { sessionCookie: [] }],
};

function operationObject(op: Operation): JsonObject {
  const { schema, media } = op.success;
  const content =
    schema === "file"
      ? Object.fromEntries(Object.entries(media ?? {}).map(([type, kind]) => [type, { schema: kind === "binary" ? { type: "string", format: "binary" } : { type: "string" } }]))
      : { "application/json": { schema: schema === "any-object" ? { type: "object" } : schemaOf(schema) } };
  const status = op.success.status ?? 200;
  const responses: JsonObject = { [status]: { description: op.success.description, headers: responseHeaders(op, status), content } };
  if (op.alternative) {
    const { status: other, schema: alt, description } = op.alternative;
    responses[other] = { description, headers: responseHeaders(op, other), content: { "application/json": { schema: schemaOf(alt) } } };
  }
  if (op.redirect) responses[302] = { description: op.redirect, headers: responseHeaders(op, 302) };
  const parameters = requestParameters(op);
  for (const [status, codes] of Object.entries(op.errors)) responses[status] = errorResponse(op, Number(status), codes);
  return {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    description: op.description,
    security: SECURITY[op.access],
    ...(parameters.length > 0 ? { parameters: parameters.map(parameter) } : {}),
    ...(op.request?.body ? { requestBody: { required: true, content: { "application/json": { schema: schemaOf(op.request.body, "input") } } } } : {}),
    responses,
  };
}

function build(serverUrl: string): JsonObject {
  // Every schema with an id that an operation uses (responses, sections, errors...) becomes a component; the
  // operations refer to them.
  const { schemas } = z.toJSONSchema(registry, { target: TARGET, uri: COMPONENT, unrepresentable: "any", metadata: registry }) as { schemas: JsonObject };
  const paths: JsonObject = {};
  for (const op of OPERATIONS) paths[op.path] = { ...(paths[op.path] as JsonObject), [op.method]: operationObject(op) };
  return {
    openapi: "3.0.3",
    info: {
      title: "Legajo API",
      version: "1.0.0",
      description:
        "Normalized reports on Argentine companies and persons by CUIT, billed in units (a new report costs 200, an update 50), and a public catalog of datasets with signed downloads of their snapshots.\n\nAuthenticate with `Authorization: Bearer lgj_…` (keys are created in the web account area). Report and balance endpoints need a plan with the REST API channel (Ultimate, Team, Enterprise). Every response carries `X-Request-Id`.",
    },
    servers: [{ url: serverUrl }],
    tags: [
      { name: "Reports", description: "Generate, update, list and fetch CUIT reports." },
      { name: "Account", description: "Balance and prices." },
      { name: "Catalog", description: "Public datasets and their snapshots." },
      { name: "Monitoring", description: "Watched CUITs, change events and signed webhooks." },
      { name: "Meta", description: "This description." },
    ],
    paths,
    components: {
      schemas: clean(schemas),
      headers: HEADERS,
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "lgj_<43 characters>", description: "An API key of the account." },
        sessionCookie: { type: "apiKey", in: "cookie", name: "next-auth.session-token", description: "A web session of the same account (browser use)." },
      },
    },
  };
}

const cache = new Map<string, JsonObject>();

/** The OpenAPI 3.0 document of the API, generated from the zod schemas the handlers use. */
export function openApiDocument(serverUrl = "/"): JsonObject {
  let doc = cache.get(serverUrl);
  if (!doc) {
    doc = build(serverUrl);
    cache.set(serverUrl, doc);
  }
  return doc;
}
