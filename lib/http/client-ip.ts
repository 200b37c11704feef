/**
 * Header the server stamps with the socket's remote address on every incoming request (see instrumentation.ts),
 * overwriting any value a client sent, so it can be trusted where `X-Forwarded-For` cannot.
 */
export const PEER_HEADER = "x-legajo-peer-address";

/**
 * The client IP, with `trustedHops` proxies in front of the app (TRUST_PROXY).
 *
 * Each proxy appends the address it received the request from to `X-Forwarded-For`, so the list is only
 * trustworthy from the right: the last entry was written by the nearest proxy, the one before it by the next, and
 * anything further left came from the client, who can write whatever it likes there. With N trusted hops the client
 * is therefore the N-th entry from the right, never the first one (which would let a client pick its own rate-limit
 * bucket, or fill a victim's).
 *
 * With fewer entries than hops, the request skipped an outer proxy (an internal caller, or a direct hit on the
 * inner one): every entry there was written by a trusted proxy, and the leftmost is the farthest address they saw.
 * Without the header, or with no hops trusted, the socket address.
 */
export function clientIp(headers: Headers, trustedHops: number): string {
  const peer = headers.get(PEER_HEADER) ?? "unknown";
  if (trustedHops < 1) return peer;
  const entries = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) return peer;
  return entries[Math.max(0, entries.length - trustedHops)];
}
