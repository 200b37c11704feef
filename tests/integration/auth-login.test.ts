import { randomUUID } from "node:crypto";
import NextAuth, { type RequestInternal } from "next-auth";
import { describe, expect, it, vi } from "vitest";
import { POST as authPost } from "@/app/api/auth/[...nextauth]/route";
import { authRoute } from "@/lib/auth/auth-route";
import { AUTH_BODY_LIMIT } from "@/lib/auth/bounded-request";
import { authOptions } from "@/lib/auth/session";
import { throttledSeconds } from "@/lib/auth/throttle-text";
import { POLICIES } from "@/lib/ratelimit";
import { newAccount } from "../helpers/accounts";
import { useFakeTime } from "../helpers/clock";

vi.hoisted(() => {
  process.env.NEXTAUTH_URL = "http://localhost:3000";
});

const PASSWORD = "caballo-bateria-grapa";
const ACCOUNT_BUDGET = POLICIES.login.find((r) => r.scope === "account")!.limit;
const IP_PER_MINUTE = POLICIES.login.find((r) => r.scope === "ip" && r.windowSeconds === 60)!.limit;

let ipSeq = 0;
const freshIp = () => `10.88.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

type Authorize = (credentials: Record<string, string>, req: Pick<RequestInternal, "headers">) => Promise<{ id: string; accountId: string } | null>;
const authorize = (authOptions().providers[0] as unknown as { options: { authorize: Authorize } }).options.authorize;

/** One sign-in attempt the way next-auth makes it: `authorize` with the request's headers (the peer address stamped). */
async function attempt(email: string, password: string, ip: string): Promise<"ok" | "wrong" | number> {
  try {
    const user = await authorize({ email, password }, { headers: { "x-legajo-peer-address": ip } });
    return user ? "ok" : "wrong";
  } catch (e) {
    const seconds = throttledSeconds((e as Error).message);
    if (seconds === null) throw e;
    return seconds;
  }
}

/**
 * next-auth's own request handling through its public pages-router adapter (`NextAuth(req, res, options)`), which
 * needs no Next request scope, behind the app's wrapper: the real CSRF check, `authorize`, failure redirects and
 * JSON answers, as the app-router adapter produces them.
 */
const nextAuthCore = authRoute(async (req) => {
  const url = new URL(req.url);
  const body = req.method === "POST" ? Object.fromEntries(new URLSearchParams(await req.text())) : undefined;
  const cookies = Object.fromEntries(
    (req.headers.get("cookie") ?? "")
      .split(/;\s*/)
      .filter(Boolean)
      .map((c) => [c.slice(0, c.indexOf("=")), decodeURIComponent(c.slice(c.indexOf("=") + 1))]),
  );
  const out = { status: 200, headers: new Map<string, string | string[]>(), body: "" };
  const res = {
    status(code: number) {
      out.status = code;
      return res;
    },
    setHeader(name: string, value: string | string[]) {
      out.headers.set(name.toLowerCase(), value);
      return res;
    },
    getHeader: (name: string) => out.headers.get(name.toLowerCase()),
    send(data: unknown) {
      out.body = typeof data === "string" ? data : JSON.stringify(data);
    },
    json(data: unknown) {
      out.headers.set("content-type", "application/json");
      out.body = JSON.stringify(data);
    },
    end() {},
  };
  const nextauth = url.pathname.replace("/api/auth/", "").split("/");
  const apiReq = { query: { nextauth }, body, cookies, headers: Object.fromEntries(req.headers), method: req.method };
  await (NextAuth as unknown as (req: unknown, res: unknown, options: unknown) => Promise<void>)(apiReq, res, authOptions());
  const headers = new Headers();
  for (const [name, value] of out.headers) for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  return new Response(out.body || null, { status: out.status, headers });
});

const ctx = (path: string) => ({ params: Promise.resolve({ nextauth: path.split("/").slice(3) }) });

/** The login page's `signIn("credentials", …, { redirect: false })`: the CSRF token first, then the form post. */
async function signInOverHttp(email: string, password: string, ip: string): Promise<Response> {
  const headers = { host: "localhost:3000", "x-legajo-peer-address": ip };
  const csrf = await nextAuthCore(new Request("http://localhost:3000/api/auth/csrf", { headers }), ctx("/api/auth/csrf"));
  const cookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const form = new URLSearchParams({ email, password, csrfToken, callbackUrl: "http://localhost:3000/cuenta", json: "true" });
  const path = "/api/auth/callback/credentials";
  return nextAuthCore(
    new Request(`http://localhost:3000${path}`, { method: "POST", headers: { ...headers, cookie, "content-type": "application/x-www-form-urlencoded" }, body: form }),
    ctx(path),
  );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

describe("sign-in throttling", () => {
  it("signs in with the right password and refuses a wrong one", async () => {
    const a = await newAccount({ password: PASSWORD });
    const ip = freshIp();
    expect(await attempt(a.email, "no-es-esta-clave", ip)).toBe("wrong");
    expect(await attempt(` ${a.email.toUpperCase()} `, PASSWORD, ip)).toBe("ok");
  });

  it(`refuses the attempt after ${ACCOUNT_BUDGET} failures on one account from one address, even with the right password`, async () => {
    const a = await newAccount({ password: PASSWORD });
    const ip = freshIp();
    for (let i = 0; i < ACCOUNT_BUDGET; i++) expect(await attempt(a.email, `equivocada-${i}-larga`, ip)).toBe("wrong");
    const wait = await attempt(a.email, PASSWORD, ip);
    expect(typeof wait === "number" && wait > 0 && wait <= 900).toBe(true);
    // The owner, from any other address, still gets in.
    expect(await attempt(a.email, PASSWORD, freshIp())).toBe("ok");
  });

  it("starts a fresh budget after a successful sign-in, so only failures use it up", async () => {
    const a = await newAccount({ password: PASSWORD });
    const ip = freshIp();
    for (let i = 0; i < ACCOUNT_BUDGET - 1; i++) expect(await attempt(a.email, `equivocada-${i}-larga`, ip)).toBe("wrong");
    expect(await attempt(a.email, PASSWORD, ip)).toBe("ok");
    for (let i = 0; i < ACCOUNT_BUDGET - 1; i++) expect(await attempt(a.email, `otra-${i}-equivocada`, ip)).toBe("wrong");
    expect(await attempt(a.email, PASSWORD, ip)).toBe("ok");
  });

  it("checks at most the budget when the wrong passwords arrive in parallel", async () => {
    const a = await newAccount({ password: PASSWORD });
    const ip = freshIp();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(a.email, `paralela-${i}-larga`, ip)));
    expect(results.filter((r) => r === "wrong")).toHaveLength(ACCOUNT_BUDGET);
    expect(results.filter((r) => typeof r === "number")).toHaveLength(20 - ACCOUNT_BUDGET);
  });

  it(`limits one address to ${IP_PER_MINUTE} attempts a minute across accounts`, async () => {
    // The start of a minute, on a clock that stands still: the sliding window is not crossed by accident.
    const clock = useFakeTime(Math.ceil(Date.now() / 60_000) * 60_000);
    try {
      const ip = freshIp();
      const results = [];
      for (let i = 0; i < IP_PER_MINUTE; i++) results.push(await attempt(`nadie-${randomUUID()}@example.test`, "alguna-clave-larga", ip));
      expect(results.every((r) => r === "wrong")).toBe(true);
      const a = await newAccount({ password: PASSWORD });
      expect(await attempt(a.email, PASSWORD, ip)).toBe(61);
      expect(await attempt(a.email, PASSWORD, freshIp())).toBe("ok");
      // Two minutes later the address has its budget back.
      clock.advance(120_000);
      expect(await attempt(a.email, PASSWORD, ip)).toBe("ok");
    } finally {
      clock.restore();
    }
  });

  it("treats an unknown email like a known one: same throttling, and about the same time", async () => {
    const ip = freshIp();
    const unknown = `nadie-${randomUUID()}@example.test`;
    for (let i = 0; i < ACCOUNT_BUDGET; i++) expect(await attempt(unknown, `equivocada-${i}-larga`, ip)).toBe("wrong");
    expect(typeof (await attempt(unknown, "otra-mas-larga", ip))).toBe("number");

    const a = await newAccount({ password: PASSWORD });
    const timed = async (email: string) => {
      const started = performance.now();
      expect(await attempt(email, "no-es-la-clave", freshIp())).toBe("wrong");
      return performance.now() - started;
    };
    const known: number[] = [];
    const missing: number[] = [];
    for (let i = 0; i < 9; i++) {
      known.push(await timed(a.email));
      missing.push(await timed(`nadie-${randomUUID()}@example.test`));
    }
    // Without the dummy hash an unknown email skipped argon2 and answered ten times faster or more; the bound
    // leaves room for a busy machine's noise.
    expect(median(missing) / median(known)).toBeGreaterThan(0.4);
  });

  it("answers a throttled sign-in over next-auth's callback route with 429, Retry-After and the wait for the page", async () => {
    const a = await newAccount({ password: PASSWORD });
    const ip = freshIp();
    const statuses = [];
    for (let i = 0; i < ACCOUNT_BUDGET; i++) statuses.push((await signInOverHttp(a.email, `equivocada-${i}-larga`, ip)).status);
    expect(statuses).toEqual(Array(ACCOUNT_BUDGET).fill(401));
    const throttled = await signInOverHttp(a.email, PASSWORD, ip);
    expect(throttled.status).toBe(429);
    const retryAfter = Number(throttled.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    const { url } = (await throttled.json()) as { url: string };
    expect(throttledSeconds(new URL(url).searchParams.get("error"))).toBe(retryAfter);

    const ok = await signInOverHttp(a.email, PASSWORD, freshIp());
    expect(ok.status).toBe(200);
    expect(ok.headers.getSetCookie().some((c) => c.startsWith("next-auth.session-token="))).toBe(true);
  });
});

describe("body cap of next-auth's routes", () => {
  const path = "/api/auth/callback/credentials";

  it("answers 413 to a declared Content-Length past the cap, before reading the body", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const req = new Request(`http://localhost:3000${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(50 * 1024 * 1024) },
      body,
      duplex: "half",
    } as RequestInit & { duplex: "half" });
    const res = await authPost(req, ctx(path));
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it("answers 413 to a streamed body without Content-Length as soon as it passes the cap", async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 50 * 1024 * 1024) return controller.close();
        sent += 1024;
        controller.enqueue(new Uint8Array(1024).fill(97));
      },
    });
    const req = new Request(`http://localhost:3000${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
      duplex: "half",
    } as RequestInit & { duplex: "half" });
    const res = await authPost(req, ctx(path));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: "body_too_large" });
    // Read up to the first chunk past the cap, and no further (the stream may have buffered one more ahead).
    expect(sent).toBeLessThanOrEqual(AUTH_BODY_LIMIT + 2 * 1024);
  });

  it("hands next-auth a body under the cap, intact", async () => {
    const a = await newAccount({ password: PASSWORD });
    const res = await signInOverHttp(a.email, PASSWORD, freshIp());
    expect(res.status).toBe(200);
  });
});
