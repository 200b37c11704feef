import { assertMatchesContract } from "./openapi";
import { routeFor } from "./routes";

/**
 * A `fetch` that serves requests with the app's route handlers in this process, the way Next dispatches them, and
 * checks every answer against the OpenAPI document. Used to drive the generated typed client.
 */
export async function appFetch(input: Request): Promise<Response> {
  const url = new URL(input.url);
  const route = await routeFor(url.pathname);
  if (!route) return new Response("not found", { status: 404 });
  const handler = route.module[input.method as "GET" | "POST"];
  if (!handler) return new Response("method not allowed", { status: 405 });
  const headers = new Headers(input.headers);
  headers.set("x-legajo-peer-address", "127.0.0.1");
  headers.set("host", url.host);
  const body = input.method === "GET" ? undefined : await input.text();
  const res = await handler(new Request(input.url, { method: input.method, headers, body }), { params: Promise.resolve(route.params) });
  const text = await res.text();
  const contentType = res.headers.get("content-type") ?? "";
  assertMatchesContract(input.method, url.pathname, {
    status: res.status,
    headers: res.headers,
    body: contentType.includes("json") && text ? JSON.parse(text) : undefined,
  });
  return new Response(text || null, { status: res.status, headers: res.headers });
}
