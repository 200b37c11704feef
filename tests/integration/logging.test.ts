import { afterEach, describe, expect, it } from "vitest";
import { GET as balance } from "@/app/v1/balance/route";
import { apiRoute } from "@/lib/http/api-route";
import { createLogger, log, setLogger } from "@/lib/log";
import { newAccount } from "../helpers/accounts";
import { bearer, call } from "../helpers/http";

/** Routes the process logger into memory and returns the raw text and the parsed lines. */
function capture() {
  const raw: string[] = [];
  setLogger(createLogger({ write: (s: string) => void raw.push(s) }, "info"));
  return {
    text: () => raw.join(""),
    lines: () => raw.map((l) => JSON.parse(l) as Record<string, any>),
  };
}

afterEach(() => setLogger(null));

describe("structured logs", () => {
  it("writes one JSON line per request with the request id and the account id, never the key", async () => {
    const out = capture();
    const a = await newAccount();
    const res = await call(balance, "/v1/balance", { headers: { ...bearer(a.key), "user-agent": "test" } });
    expect(res.status).toBe(200);
    const line = out.lines().find((l) => l.msg === "request");
    expect(line).toMatchObject({
      level: 30,
      service: "legajo",
      requestId: res.headers.get("X-Request-Id"),
      accountId: a.accountId,
      method: "GET",
      path: "/v1/balance",
      status: 200,
      ms: expect.any(Number),
    });
    expect(out.text()).not.toContain(a.key);
  });

  it("never writes the session cookie of a session call", async () => {
    const out = capture();
    const a = await newAccount();
    const res = await call(balance, "/v1/balance", { headers: { cookie: a.cookie } });
    expect(res.status).toBe(200);
    expect(out.lines().find((l) => l.msg === "request")).toMatchObject({ requestId: res.headers.get("X-Request-Id"), accountId: a.accountId });
    const token = a.cookie.split("=")[1];
    expect(out.text()).not.toContain(token);
  });

  it("logs a failure with its request id and account id, with the key and the cookie censored from the error", async () => {
    const out = capture();
    const a = await newAccount();
    const failing = apiRoute({ auth: "required" }, ({ req }) => {
      // A careless error that quotes what it received.
      throw new Error(`upstream refused ${req.headers.get("authorization")} with ${req.headers.get("cookie")}`);
    });
    const res = await call(failing, "/t", { headers: { ...bearer(a.key), cookie: a.cookie } });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: "internal", message: "Ocurrió un error interno." });
    const line = out.lines().find((l) => l.msg === "unhandled error");
    expect(line).toMatchObject({ level: 50, requestId: res.headers.get("X-Request-Id"), accountId: a.accountId });
    expect(line!.err.message).toContain("upstream refused Bearer [redacted]");
    expect(out.text()).not.toContain(a.key);
    expect(out.text()).not.toContain(a.cookie.split("=")[1]);
  });

  it("censors passwords, keys, cookies, tokens and URL credentials wherever they sit in a log call", () => {
    const out = capture();
    const secrets = {
      password: "hunter2-password",
      nested: "nested-password-9",
      key: "lgj_0123456789abcdefghijABCDEFGHIJ0123456789abc",
      cookie: "next-auth.session-token=abc.def.ghi",
      token: "upstash-token-xyz",
      dbPassword: "pg-pass-777",
    };
    log().info(
      {
        password: secrets.password,
        body: { user: { email: "a@example.test", password: secrets.nested } },
        headers: { authorization: `Bearer ${secrets.key}`, cookie: secrets.cookie, "user-agent": "curl" },
        config: { UPSTASH_REDIS_REST_TOKEN: secrets.token },
        note: `retrying with key ${secrets.key}`,
        url: `postgres://legajo:${secrets.dbPassword}@db.internal:5432/legajo`,
      },
      `signup for a@example.test with key ${secrets.key}`,
    );
    const cause = new Error(`token ${secrets.key} refused`);
    log().error({ err: new Error(`connect failed: postgres://legajo:${secrets.dbPassword}@db.internal/legajo`, { cause }) }, "boot failed");
    log().warn({ target: new URL(`redis://default:${secrets.token}@cache.internal:6379`) }, "store url");
    const text = out.text();
    for (const secret of Object.values(secrets)) expect(text).not.toContain(secret);
    const [first, second, third] = out.lines();
    expect(first).toMatchObject({
      password: "[redacted]",
      body: { user: { email: "a@example.test", password: "[redacted]" } },
      headers: { authorization: "[redacted]", cookie: "[redacted]", "user-agent": "curl" },
      config: { UPSTASH_REDIS_REST_TOKEN: "[redacted]" },
      note: "retrying with key [redacted]",
      url: "postgres://legajo:[redacted]@db.internal:5432/legajo",
      msg: "signup for a@example.test with key [redacted]",
    });
    // pino appends the cause's message to the error's.
    expect(second.err.message).toBe("connect failed: postgres://legajo:[redacted]@db.internal/legajo: token [redacted] refused");
    expect(second.err.stack).not.toContain(secrets.dbPassword);
    expect(third.target).toBe("redis://default:[redacted]@cache.internal:6379");
  });
});
