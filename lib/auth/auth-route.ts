import { boundedRequest } from "./bounded-request";
import { throttledSeconds, tooManyAttemptsText } from "./throttle-text";

export type AuthRouteHandler = (req: Request, ctx: { params: Promise<{ nextauth: string[] }> }) => Promise<Response>;

/** The failure next-auth reports for a sign-in, from its JSON answer (`{ url }`) or its redirect. */
async function failureOf(res: Response): Promise<string | null> {
  let url = res.headers.get("location");
  if (!url && res.headers.get("content-type")?.includes("application/json")) {
    url = ((await res.clone().json()) as { url?: string }).url ?? null;
  }
  if (!url) return null;
  try {
    return new URL(url, "http://localhost").searchParams.get("error");
  } catch {
    return null;
  }
}

/**
 * A throttled sign-in is a 429 with Retry-After, not next-auth's 401. The JSON answer (the login page's `signIn`)
 * keeps its body, which tells the page how long to wait; a plain form post gets the sentence itself.
 */
async function withThrottleStatus(res: Response): Promise<Response> {
  if (res.status !== 401 && res.status !== 302) return res;
  const seconds = throttledSeconds(await failureOf(res));
  if (seconds === null) return res;
  const headers = new Headers(res.headers);
  headers.set("Retry-After", String(seconds));
  if (res.status === 302) {
    headers.delete("location");
    headers.set("content-type", "text/plain; charset=utf-8");
    return new Response(tooManyAttemptsText(seconds), { status: 429, headers });
  }
  return new Response(res.body, { status: 429, headers });
}

/**
 * next-auth's routes (app/api/auth/[...nextauth]), behind a cap on the body, which next-auth would otherwise read
 * whole whatever its size, and with a throttled sign-in answered as 429.
 */
export function authRoute(nextAuth: AuthRouteHandler): AuthRouteHandler {
  return async (req, ctx) => {
    const bounded = await boundedRequest(req);
    if (bounded instanceof Response) return bounded;
    return withThrottleStatus(await nextAuth(bounded, ctx));
  };
}
