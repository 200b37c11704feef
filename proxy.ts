import type { NextRequest } from "next/server";
import { env } from "@/lib/env";
import { guardApiRequest } from "@/lib/http/api-guard";
import { guardWebRequest } from "@/lib/http/web-guard";

/**
 * Requests Next would answer with a 500 before any code of ours runs, answered here instead: a path that is not
 * valid percent-encoding (in the contract's shape under /v1, lib/http/api-guard.ts; a plain 400 elsewhere), and a
 * server action from a foreign or `null` Origin (lib/http/web-guard.ts). Every other request skips the proxy: the
 * matcher only lets in paths that hold a `%`, and requests outside the API that carry an Origin header (browsers
 * send it on form posts and server actions, not on page loads or assets).
 */
export function proxy(req: NextRequest): Response | undefined {
  const { pathname } = req.nextUrl;
  if (pathname.startsWith("/v1/")) return guardApiRequest(req.method, pathname) ?? undefined;
  return guardWebRequest(req.method, pathname, req.headers, env().TRUSTED_ORIGINS) ?? undefined;
}

export const config = {
  matcher: [
    "/(.*%.*)",
    // next-auth's own routes (/api/auth) do their own CSRF check; the API's is in its wrapper.
    { source: "/((?!v1/|api/|_next/).*)", has: [{ type: "header", key: "origin" }] },
  ],
};
