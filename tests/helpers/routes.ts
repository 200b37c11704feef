type Handler = (req: Request, ctx: { params: Promise<any> }) => Promise<Response>;
export type RouteModule = Partial<Record<"GET" | "POST", Handler>>;

/** The app's /v1 routes, literal paths before parameterized ones, as Next's router orders them. */
const ROUTES: [string, () => Promise<RouteModule>][] = [
  ["/v1/reports/quote", () => import("@/app/v1/reports/quote/route")],
  ["/v1/reports/{id}", () => import("@/app/v1/reports/[id]/route")],
  ["/v1/reports", () => import("@/app/v1/reports/route")],
  ["/v1/balance", () => import("@/app/v1/balance/route")],
  ["/v1/prices", () => import("@/app/v1/prices/route")],
  ["/v1/datasets/{id}/snapshot", () => import("@/app/v1/datasets/[id]/snapshot/route")],
  ["/v1/datasets/{id}", () => import("@/app/v1/datasets/[id]/route")],
  ["/v1/datasets", () => import("@/app/v1/datasets/route")],
  ["/v1/openapi.json", () => import("@/app/v1/openapi.json/route")],
];

/** The route module serving `pathname`, and the path parameters. */
export async function routeFor(pathname: string): Promise<{ module: RouteModule; params: Record<string, string> } | null> {
  for (const [template, load] of ROUTES) {
    const names: string[] = [];
    const regex = new RegExp(`^${template.replace(/\{([^}]+)\}/g, (_, name: string) => (names.push(name), "([^/]+)"))}$`);
    const m = regex.exec(pathname);
    if (m) return { module: await load(), params: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1])])) };
  }
  return null;
}

/** Whether `handler` is the app's own handler for this method and path (not one made inside a test). */
export async function isAppHandler(handler: unknown, method: string, pathname: string): Promise<boolean> {
  const route = await routeFor(pathname);
  return route?.module[method.toUpperCase() as "GET" | "POST"] === handler;
}
