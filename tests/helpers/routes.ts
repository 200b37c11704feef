type Handler = (req: Request, ctx: { params: Promise<any> }) => Promise<Response>;
export type RouteModule = Partial<Record<"GET" | "POST" | "DELETE", Handler>>;

/** The app's /v1 routes, literal paths before parameterized ones, as Next's router orders them. */
const ROUTES: [string, () => Promise<RouteModule>][] = [
  ["/v1/reports/quote", () => import("@/app/v1/reports/quote/route")],
  ["/v1/reports/{id}/changes", () => import("@/app/v1/reports/[id]/changes/route")],
  ["/v1/reports/{id}", () => import("@/app/v1/reports/[id]/route")],
  ["/v1/reports", () => import("@/app/v1/reports/route")],
  ["/v1/batches/{id}/items", () => import("@/app/v1/batches/[id]/items/route")],
  ["/v1/batches/{id}/cancel", () => import("@/app/v1/batches/[id]/cancel/route")],
  ["/v1/batches/{id}/results", () => import("@/app/v1/batches/[id]/results/route")],
  ["/v1/batches/{id}", () => import("@/app/v1/batches/[id]/route")],
  ["/v1/batches", () => import("@/app/v1/batches/route")],
  ["/v1/watchlist/{cuit}", () => import("@/app/v1/watchlist/[cuit]/route")],
  ["/v1/watchlist", () => import("@/app/v1/watchlist/route")],
  ["/v1/events", () => import("@/app/v1/events/route")],
  ["/v1/webhooks/{id}/rotate-secret", () => import("@/app/v1/webhooks/[id]/rotate-secret/route")],
  ["/v1/webhooks/{id}/test", () => import("@/app/v1/webhooks/[id]/test/route")],
  ["/v1/webhooks/{id}/deliveries", () => import("@/app/v1/webhooks/[id]/deliveries/route")],
  ["/v1/webhooks/{id}", () => import("@/app/v1/webhooks/[id]/route")],
  ["/v1/webhooks", () => import("@/app/v1/webhooks/route")],
  ["/v1/search", () => import("@/app/v1/search/route")],
  ["/v1/balance", () => import("@/app/v1/balance/route")],
  ["/v1/prices", () => import("@/app/v1/prices/route")],
  ["/v1/datasets/{id}/snapshots", () => import("@/app/v1/datasets/[id]/snapshots/route")],
  ["/v1/datasets/{id}/snapshot", () => import("@/app/v1/datasets/[id]/snapshot/route")],
  ["/v1/datasets/{id}", () => import("@/app/v1/datasets/[id]/route")],
  ["/v1/datasets", () => import("@/app/v1/datasets/route")],
  ["/v1/openapi.json", () => import("@/app/v1/openapi.json/route")],
  ["/catalog/data.json", () => import("@/app/catalog/data.json/route")],
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
  return route?.module[method.toUpperCase() as "GET" | "POST" | "DELETE"] === handler;
}
