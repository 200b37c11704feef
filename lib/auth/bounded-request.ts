import { NextRequest } from "next/server";

/** next-auth's forms (credentials, CSRF token, callback URL, sign-out) fit in well under this. */
export const AUTH_BODY_LIMIT = 8 * 1024;

const tooLarge = () =>
  new Response(JSON.stringify({ error: "body_too_large", message: `El pedido supera el máximo de ${AUTH_BODY_LIMIT / 1024} KiB.` }), {
    status: 413,
    headers: { "Content-Type": "application/json", Connection: "close" },
  });

/**
 * Reads the body of `req` up to `limit` bytes and returns a new request carrying it, for a handler that would
 * otherwise buffer whatever it is sent; or a 413 response. A declared Content-Length past the limit is refused
 * before a byte is read, and a streamed body is counted as it arrives and abandoned at the first chunk past it.
 */
export async function boundedRequest(req: Request, limit: number = AUTH_BODY_LIMIT): Promise<NextRequest | Response> {
  const init = { method: req.method, headers: req.headers };
  if (!req.body) return new NextRequest(req.url, init);
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > limit) {
    await req.body.cancel().catch(() => undefined);
    return tooLarge();
  }
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return tooLarge();
    }
    chunks.push(value);
  }
  return new NextRequest(req.url, { ...init, body: Buffer.concat(chunks) });
}
