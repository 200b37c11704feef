import type { IncomingMessage, ServerResponse } from "node:http";
import { guardApiRequest } from "./api-guard";

/** The methods Next's route handlers know; any other one reaches no handler. */
const SERVED = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/**
 * Next answers a method outside SERVED (TRACE, PROPFIND, anything a client makes up) with a 500 from every route
 * handler, before our code runs, and renders pages for it. This answers 405 instead, on the server's request event
 * (lib/boot.ts), where it costs one set lookup per request: under /v1 in the contract's shape with the path's own
 * `Allow` (lib/http/api-guard.ts), elsewhere as plain text. True when it answered.
 */
export function refuseUnknownMethod(req: IncomingMessage, res: ServerResponse): boolean {
  const method = req.method ?? "";
  if (SERVED.includes(method)) return false;
  const pathname = (req.url ?? "/").split("?")[0];
  const answer =
    (pathname.startsWith("/v1/") ? guardApiRequest(method, pathname) : null) ??
    new Response("Método no permitido.", { status: 405, headers: { Allow: SERVED.join(", "), "Content-Type": "text/plain; charset=utf-8" } });
  req.resume();
  void send(answer, res);
  return true;
}

async function send(answer: Response, res: ServerResponse): Promise<void> {
  const body = await answer.text();
  res.writeHead(answer.status, { ...Object.fromEntries(answer.headers), "Cache-Control": "no-store", "Content-Length": Buffer.byteLength(body) });
  res.end(body);
}
