type Json = Record<string, unknown>;

export interface DocumentedOperation {
  method: string;
  /** The OpenAPI path template, e.g. /v1/reports/{id}. */
  template: string;
  pattern: RegExp;
  /** Status -> the `error` codes documented for it (empty for success statuses). */
  responses: Map<number, Set<string>>;
}

/** The `error` codes a response schema allows: a discriminated oneOf, or one error component. */
function codesOf(doc: Json, schema: Json | undefined): Set<string> {
  const codes = new Set<string>();
  if (!schema) return codes;
  const mapping = (schema.discriminator as { mapping?: Json } | undefined)?.mapping;
  if (mapping) for (const code of Object.keys(mapping)) codes.add(code);
  const refs = [schema, ...((schema.oneOf as Json[] | undefined) ?? [])].map((s) => s.$ref).filter((r): r is string => typeof r === "string");
  for (const ref of refs) {
    const component = ((doc.components as Json).schemas as Json)[ref.split("/").pop()!] as Json | undefined;
    const error = (component?.properties as Json | undefined)?.error as { const?: string; enum?: string[] } | undefined;
    if (error?.const) codes.add(error.const);
    for (const e of error?.enum ?? []) codes.add(e);
  }
  return codes;
}

/** Every operation of the OpenAPI document the server publishes, with the error codes of each status. */
export function documentedOperations(doc: Json): DocumentedOperation[] {
  const out: DocumentedOperation[] = [];
  for (const [template, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const [method, op] of Object.entries(item)) {
      const responses = new Map<number, Set<string>>();
      for (const [status, response] of Object.entries((op as Json).responses as Record<string, Json>)) {
        const schema = ((response.content as Json | undefined)?.["application/json"] as Json | undefined)?.schema as Json | undefined;
        responses.set(Number(status), Number(status) >= 400 ? codesOf(doc, schema) : new Set());
      }
      const pattern = new RegExp(`^${template.replace(/[.]/g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}$`);
      out.push({ method: method.toUpperCase(), template, pattern, responses });
    }
  }
  return out;
}

/** The documented operation a method and a raw path (before `?`) fall on, if any. */
export function operationOf(ops: DocumentedOperation[], method: string, pathname: string): DocumentedOperation | undefined {
  // HEAD is GET without the body (Next answers it from the GET handler).
  const m = method === "HEAD" ? "GET" : method;
  const matches = ops.filter((o) => o.method === m && o.pattern.test(pathname));
  // A static segment wins over a parameter, as in Next's router: /v1/reports/quote is not /v1/reports/{id}.
  return matches.find((o) => !o.template.includes("{")) ?? matches[0];
}
