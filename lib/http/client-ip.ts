/**
 * Header the server stamps with the socket's remote address on every incoming request (see instrumentation.ts),
 * overwriting any value a client sent, so it can be trusted where `X-Forwarded-For` cannot.
 */
export const PEER_HEADER = "x-legajo-peer-address";

/** The client IP: the first X-Forwarded-For entry behind a trusted proxy, otherwise the socket address. */
export function clientIp(headers: Headers, trustProxy: boolean): string {
  if (trustProxy) {
    const first = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (first) return first;
  }
  return headers.get(PEER_HEADER) ?? "unknown";
}
