import { env } from "@/lib/env";

/**
 * The app's own origin as seen from a server action, which has headers but no request URL: APP_URL when set,
 * otherwise the Host the browser addressed (the same rule as `appOrigin` in lib/auth/origin.ts). Next fills
 * `x-forwarded-proto` with the scheme of the connection when no proxy did.
 */
export function ownOrigin(headers: Headers): string {
  const configured = env().APP_URL;
  if (configured) return new URL(configured).origin;
  const proto = headers.get("x-forwarded-proto")?.split(",")[0]?.trim() || "http";
  return `${proto}://${headers.get("host") ?? "localhost"}`;
}
