/** One year; no `preload`, which is a commitment for the whole domain that only its owner can make. */
const HSTS = "max-age=31536000; includeSubDomains";

/**
 * The Strict-Transport-Security value of a deployment whose public origin is `appUrl`, or null when that is not
 * https (browsers ignore the header over plain http anyway, but a local http setup should not claim it). Decided
 * when the server starts, from the runtime APP_URL, not when the app is built (next.config.ts headers are baked
 * into the build).
 */
export function strictTransportSecurity(appUrl: string | undefined): string | null {
  return appUrl && new URL(appUrl).protocol === "https:" ? HSTS : null;
}
