import type { NextRequest } from "next/server";
import { guardApiRequest } from "@/lib/http/api-guard";

/**
 * Only for /v1 paths that hold a `%`: a path id that is not valid percent-encoding never reaches a route handler
 * (Next answers it with a plain-text 500), so it is answered here in the contract's shape. Every other request
 * skips the proxy (the matcher).
 */
export function proxy(req: NextRequest): Response | undefined {
  return guardApiRequest(req.method, req.nextUrl.pathname) ?? undefined;
}

export const config = { matcher: ["/v1/(.*%.*)"] };
