/** The parts of an OpenAPI 3.0 document that the reference page reads. */
export interface SchemaObject {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  nullable?: boolean;
  allOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  items?: SchemaObject;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  description?: string;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  default?: unknown;
  example?: unknown;
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
}

interface ParameterObject {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: SchemaObject;
  example?: unknown;
}

interface ResponseObject {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: SchemaObject }>;
}

interface OperationObject {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security?: Record<string, unknown>[];
  parameters?: ParameterObject[];
  requestBody?: { content: Record<string, { schema: SchemaObject }> };
  responses: Record<string, ResponseObject>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { version: string; description: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, SchemaObject> };
}

const REF = "#/components/schemas/";

export interface FieldRow {
  /** Dotted path: `saldo.cupo_disponible_unidades`, `items[].id`. */
  name: string;
  type: TypeLabel;
  required: boolean;
  description: string | null;
}

/** A schema type in words, with the components it names so that the page can link them. */
export interface TypeLabel {
  text: string;
  refs: string[];
  nullable: boolean;
}

export interface OperationView {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  tag: string;
  auth: "public" | "optional" | "key";
  parameters: { name: string; in: string; required: boolean; description: string; type: TypeLabel; example: unknown }[];
  body: TypeLabel | null;
  responses: { status: string; description: string; body: TypeLabel | null; codes: string[]; headers: string[] }[];
}

const refName = (ref: string) => ref.slice(REF.length);

/** `{ nullable, allOf: [{ $ref }] }` is how the document says "this component, or null". */
function unwrap(node: SchemaObject): { node: SchemaObject; nullable: boolean } {
  const nullable = node.nullable === true;
  if (Array.isArray(node.allOf) && node.allOf.length === 1) return { node: { ...node.allOf[0], default: node.default }, nullable };
  return { node, nullable };
}

export function typeLabel(raw: SchemaObject | undefined): TypeLabel {
  if (!raw || Object.keys(raw).length === 0) return { text: "cualquier valor", refs: [], nullable: false };
  const { node, nullable } = unwrap(raw);
  if (node.$ref) return { text: refName(node.$ref), refs: [refName(node.$ref)], nullable };
  if (Array.isArray(node.oneOf)) {
    const parts = node.oneOf.map(typeLabel);
    return { text: parts.map((p) => p.text).join(" | "), refs: parts.flatMap((p) => p.refs), nullable };
  }
  if (Array.isArray(node.enum)) return { text: node.enum.map((v) => JSON.stringify(v)).join(" | "), refs: [], nullable };
  if (node.type === "array") {
    const item = typeLabel(node.items);
    return { text: `lista de ${item.text}`, refs: item.refs, nullable };
  }
  const bounds = [
    node.minimum !== undefined ? `≥ ${node.minimum}` : null,
    node.maximum !== undefined ? `≤ ${node.maximum}` : null,
    node.pattern && !node.format ? `patrón ${node.pattern}` : null,
    node.format ? node.format : null,
    node.default !== undefined ? `por defecto ${JSON.stringify(node.default)}` : null,
  ].filter(Boolean);
  const base: Record<string, string> = { string: "texto", integer: "entero", number: "número", boolean: "booleano", object: "objeto" };
  const text = [base[node.type ?? ""] ?? node.type ?? "valor", ...bounds].join(", ");
  return { text, refs: [], nullable };
}

/** The fields of an object schema; inline objects (not components) are opened into dotted rows. */
export function fieldRows(schema: SchemaObject, prefix = "", depth = 0): FieldRow[] {
  const { node } = unwrap(schema);
  if (node.type === "array" && node.items && !node.items.$ref && depth < 3) return fieldRows(node.items, `${prefix}[]`, depth);
  const required = new Set(node.required ?? []);
  return Object.entries(node.properties ?? {}).flatMap(([key, prop]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    const row: FieldRow = { name, type: typeLabel(prop), required: required.has(key), description: prop.description ?? null };
    const inner = unwrap(prop).node;
    const opens = depth < 3 && !inner.$ref && (inner.properties || (inner.type === "array" && inner.items?.properties));
    return opens ? [row, ...fieldRows(inner, name, depth + 1)] : [row];
  });
}

/** The operations of the document, in its order, as the reference page shows them. */
export function operationsOf(doc: OpenApiDocument): OperationView[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => {
      const security = op.security ?? [];
      const auth = security.length === 0 ? "public" : security.some((s) => Object.keys(s).length === 0) ? "optional" : "key";
      return {
        id: op.operationId,
        method: method.toUpperCase(),
        path,
        summary: op.summary,
        description: op.description,
        tag: op.tags[0],
        auth,
        parameters: (op.parameters ?? []).map((p) => ({
          name: p.name,
          in: p.in,
          required: p.required === true,
          description: p.description ?? "",
          type: typeLabel(p.schema),
          example: p.example,
        })),
        body: op.requestBody ? typeLabel(op.requestBody.content["application/json"].schema) : null,
        responses: Object.entries(op.responses).map(([status, r]) => {
          const schema = r.content?.["application/json"]?.schema;
          const body = schema ? typeLabel(schema) : null;
          return {
            status,
            description: r.description,
            body,
            codes: schema?.oneOf ? Object.keys(schema.discriminator?.mapping ?? {}) : [],
            headers: Object.keys(r.headers ?? {}),
          };
        }),
      } satisfies OperationView;
    }),
  );
}

/** A curl command for the operation, with the document's examples for its parameters and body. */
export function curlExample(doc: OpenApiDocument, op: OperationView, baseUrl: string): string {
  let path = op.path;
  const query: string[] = [];
  const headers: string[] = [];
  for (const p of op.parameters) {
    if (typeof p.example !== "string" && typeof p.example !== "number") continue;
    const example = String(p.example);
    if (p.in === "path") path = path.replace(`{${p.name}}`, example);
    else if (p.in === "query" && p.required) query.push(`${p.name}=${encodeURIComponent(example)}`);
    else if (p.in === "header") headers.push(`-H "${p.name}: ${example}"`);
  }
  const lines = [`curl${op.method === "GET" ? "" : ` -X ${op.method}`} "${baseUrl}${path}${query.length ? `?${query.join("&")}` : ""}"`];
  if (op.auth === "key") lines.push(`-H "Authorization: Bearer $LEGAJO_API_KEY"`);
  lines.push(...headers);
  if (op.body?.refs[0]) {
    const properties = doc.components.schemas[op.body.refs[0]]?.properties ?? {};
    const example = Object.fromEntries(Object.entries(properties).flatMap(([k, v]) => (v.example === undefined ? [] : [[k, v.example]])));
    lines.push(`-H "Content-Type: application/json"`, `-d '${JSON.stringify(example)}'`);
  }
  return lines.join(" \\\n  ");
}
