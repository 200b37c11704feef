import { env } from "@/lib/env";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
export const isUnsafeMethod = (method: string): boolean => UNSAFE.has(method.toUpperCase());

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/** The app's own origin: APP_URL when set, otherwise the origin the request was addressed to. */
export function appOrigin(req: Request): string {
  const configured = env().APP_URL;
  if (configured) return new URL(configured).origin;
  const url = new URL(req.url);
  const host = req.headers.get("host");
  return host ? `${url.protocol}//${host}` : url.origin;
}

/**
 * Cross-site protection for cookie-authenticated unsafe calls: the `Origin` (or, without it, the `Referer`) must be
 * the app's own origin or one of TRUSTED_ORIGINS. `Origin: null` and a request with neither header are untrusted.
 */
export function isTrustedOrigin(headers: Headers, ownOrigin: string, trusted: readonly string[]): boolean {
  const origin = headers.get("origin");
  const claimed = origin !== null ? (origin === "null" ? null : originOf(origin)) : originOf(headers.get("referer") ?? "");
  if (!claimed) return false;
  return claimed === ownOrigin || trusted.some((t) => originOf(t) === claimed);
}
