import { assertMatchesContract } from "./openapi";
import { isAppHandler } from "./routes";

/**
 * Calls a route handler with a real Request, the way Next does. The answer of one of the app's own handlers is
 * checked against the OpenAPI document: a drift between a handler and the published contract fails the test that
 * observed it.
 */
type RouteHandler<P> = (req: Request, ctx: { params: Promise<P> }) => Promise<Response>;

export interface CallOptions<P> {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** A raw body string, sent as-is. */
  rawBody?: string;
  params?: P;
  /** Client address, as the server stamps it from the socket. */
  ip?: string;
}

export const BASE_URL = "http://localhost:3000";
/** The app's own origin as the wrapper sees it: APP_URL when set, otherwise the origin requests are sent to. */
export const APP_ORIGIN = process.env.APP_URL ? new URL(process.env.APP_URL).origin : BASE_URL;

export async function call<P = Record<string, never>>(
  handler: RouteHandler<P>,
  path: string,
  options: CallOptions<P> = {},
): Promise<{ status: number; headers: Headers; body: any; text: string }> {
  const headers = new Headers(options.headers);
  headers.set("x-legajo-peer-address", options.ip ?? "127.0.0.1");
  if (!headers.has("host")) headers.set("host", "localhost:3000");
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const req = new Request(`${BASE_URL}${path}`, { method: options.method ?? "GET", headers, body });
  const res = await handler(req, { params: Promise.resolve((options.params ?? {}) as P) });
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  const { pathname } = new URL(req.url);
  if (await isAppHandler(handler, req.method, pathname)) {
    assertMatchesContract(req.method, pathname, { status: res.status, headers: res.headers, body: parsed });
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
