import { randomUUID } from "node:crypto";
import { OPERATIONS } from "@/lib/openapi/operations";
import { REPORT_NOT_FOUND } from "@/lib/reports/messages";
import { DomainError } from "@/lib/errors";
import { HttpError, renderError } from "./errors";

interface Route {
  template: string;
  segments: string[];
  methods: Set<string>;
}

/** The contract's paths, each with the methods it documents (HEAD with GET, OPTIONS always, as Next serves them). */
const ROUTES: Route[] = (() => {
  const byPath = new Map<string, Route>();
  for (const op of OPERATIONS) {
    const route = byPath.get(op.path) ?? { template: op.path, segments: op.path.split("/"), methods: new Set(["OPTIONS"]) };
    route.methods.add(op.method.toUpperCase());
    if (op.method === "get") route.methods.add("HEAD");
    byPath.set(op.path, route);
  }
  // A static segment wins over a parameter, as in Next's router (/v1/reports/quote is not /v1/reports/{id}).
  return [...byPath.values()].sort((a, b) => Number(a.template.includes("{")) - Number(b.template.includes("{")));
})();

const ORDER = ["GET", "HEAD", "POST", "DELETE", "OPTIONS"];

const isParam = (segment: string) => segment.startsWith("{");

function routeOf(segments: string[]): Route | undefined {
  return ROUTES.find((r) => r.segments.length === segments.length && r.segments.every((s, i) => isParam(s) || s === segments[i]));
}

function decodes(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

const respond = (err: DomainError) => renderError(err, { "X-Request-Id": randomUUID() });

const allowOf = (route: Route) => ORDER.filter((m) => route.methods.has(m)).join(", ");

type MethodHandler = (req: Request) => Promise<Response>;

/**
 * Handlers for the methods a documented path does not have, for its route file to export, so that they get
 * `405 method_not_allowed` with `Allow` (RFC 9110) in the contract's error shape instead of Next's empty 405, and
 * OPTIONS lists the documented methods only (Next's own OPTIONS would list every exported one):
 *
 *   export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("/v1/reports");
 */
export function otherMethods(template: string): Record<"POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS", MethodHandler> {
  const route = ROUTES.find((r) => r.template === template);
  if (!route) throw new Error(`${template} is not a path of the contract (lib/openapi/operations.ts)`);
  const allow = allowOf(route);
  const refuse: MethodHandler = () => Promise.resolve(respond(new HttpError("method_not_allowed", { headers: { Allow: allow } })));
  const options: MethodHandler = () => Promise.resolve(new Response(null, { status: 204, headers: { Allow: allow } }));
  return { POST: refuse, PUT: refuse, PATCH: refuse, DELETE: refuse, OPTIONS: options };
}

/**
 * What Next answers on its own, before any route handler runs, for two kinds of request to a documented path:
 * a method the path does not have (an empty 405 without Allow) and a path id that is not valid percent-encoding
 * (a plain-text 500). This answers them in the contract's shape instead: `405 method_not_allowed` with `Allow`
 * (RFC 9110), and the operation's own 404 for an id that cannot name anything. Null: let the request through.
 * Called from the root proxy (proxy.ts) for /v1 paths that hold a `%` (its matcher), so that no other request pays
 * for a proxy: the methods are the route files' business (`otherMethods`), this only backs them up.
 */
export function guardApiRequest(method: string, pathname: string): Response | null {
  const segments = pathname.split("/");
  const route = routeOf(segments);
  if (!route) return null;
  if (!route.methods.has(method.toUpperCase())) {
    return respond(new HttpError("method_not_allowed", { headers: { Allow: allowOf(route) } }));
  }
  const broken = segments.findIndex((s, i) => isParam(route.segments[i]) && !decodes(s));
  if (broken < 0) return null;
  // What Next answers to OPTIONS on any of its routes, which it cannot reach with this path.
  if (method.toUpperCase() === "OPTIONS") {
    return new Response(null, { status: 204, headers: { Allow: allowOf(route) } });
  }
  if (route.template === "/v1/datasets/{id}" || route.template === "/v1/datasets/{id}/snapshots") {
    return respond(new DomainError("dataset_not_found", { extra: { dataset_id: segments[broken] } }));
  }
  if (route.template === "/v1/reports/{id}") return respond(new DomainError("not_found", { text: REPORT_NOT_FOUND }));
  return respond(new DomainError("not_found"));
}
