import { request, type Received } from "./http-request";

/** `jar` (a Cookie header value) with the cookies a response sets, each replacing one of the same name. */
function withCookies(jar: string, res: Received): string {
  const cookies = new Map(jar ? jar.split("; ").map((pair) => [pair.slice(0, pair.indexOf("=")), pair] as const) : []);
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(";")[0];
    cookies.set(pair.slice(0, pair.indexOf("=")), pair);
  }
  return [...cookies.values()].join("; ");
}

/**
 * Signs in through next-auth's credentials endpoint, as the login form does (CSRF token first, then the form
 * post), and returns the Cookie header value that carries the web session.
 */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const csrf = await request(base, { path: "/api/auth/csrf" });
  const token = csrf.json?.csrfToken;
  if (typeof token !== "string") throw new Error(`GET /api/auth/csrf answered ${csrf.status} without a token`);
  const jar = withCookies("", csrf);
  const res = await request(base, {
    method: "POST",
    path: "/api/auth/callback/credentials",
    headers: { cookie: jar, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken: token, email, password, json: "true" }).toString(),
  });
  const session = withCookies(jar, res);
  if (!session.includes("next-auth.session-token=")) throw new Error(`signing in as ${email} gave no session: ${res.status} ${res.text.slice(0, 200)}`);
  return session;
}
