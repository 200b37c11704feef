/** next.config.ts `serverActions.bodySizeLimit` ("64kb"); tests/unit/security-headers.test.ts keeps them equal. */
export const ACTION_BODY_LIMIT = 64 * 1024;

/**
 * What Next answers with a 500 on its own, before any page, action or route handler of ours runs, for requests
 * outside /v1 (lib/http/api-guard.ts covers /v1): a path segment that is not valid percent-encoding
 * (`/informes/%ZZ`, `/files/%zz`); a server action whose Origin is `null`, not a URL, or another host; and a server
 * action whose declared body is over the limit (a chunked one without Content-Length still reaches Next, which
 * refuses it too, with a 500). This answers them with a 4xx instead. Null: let the request through. Called from
 * the root proxy (proxy.ts), whose matcher only sends it paths holding a `%` and requests carrying an Origin header.
 */
export function guardWebRequest(method: string, pathname: string, headers: Headers, trustedOrigins: readonly string[]): Response | null {
  if (!pathname.split("/").every(decodes)) return refuse(400, "La dirección no es válida.");
  if (!isServerAction(method, headers)) return null;
  if (!originAllowed(headers, trustedOrigins)) {
    // 400 rather than 403: the request is not one this app's pages can send, whoever the caller is.
    return refuse(400, "La solicitud viene de un origen no autorizado.");
  }
  if (Number(headers.get("content-length") ?? 0) > ACTION_BODY_LIMIT) return refuse(413, "El formulario enviado es demasiado grande.");
  return null;
}

function decodes(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

const refuse = (status: number, text: string) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/** Next's own test for a server action: a POST with its header, or a form post (a page's action without JavaScript). */
function isServerAction(method: string, headers: Headers): boolean {
  if (method.toUpperCase() !== "POST") return false;
  const type = headers.get("content-type") ?? "";
  return headers.has("next-action") || type.startsWith("multipart/form-data") || type.startsWith("application/x-www-form-urlencoded");
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * Next's own rule, so that this never refuses what Next would run: no Origin passes (the action's own check,
 * lib/web/action.ts, refuses it unless the Referer is trusted); otherwise the Origin's host must be the
 * forwarded host (else the Host) or one of TRUSTED_ORIGINS, next.config.ts's `allowedOrigins`.
 */
function originAllowed(headers: Headers, trustedOrigins: readonly string[]): boolean {
  const origin = headers.get("origin");
  if (origin === null) return true;
  const host = origin === "null" ? null : hostOf(origin);
  if (!host) return false;
  const addressed = headers.get("x-forwarded-host")?.split(",")[0]?.trim() || headers.get("host");
  return host === addressed || trustedOrigins.some((t) => hostOf(t) === host);
}
