import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getOne } from "@/app/v1/reports/[id]/route";
import { GET as quote } from "@/app/v1/reports/quote/route";
import { GET as list, POST as post } from "@/app/v1/reports/route";
import { newAccount, type TestAccount } from "../helpers/accounts";
import { useFakeTime } from "../helpers/clock";
import { call } from "../helpers/http";

const DOCUMENTED = new Set([
  "body_invalido",
  "cuit_requerido",
  "cuit_invalido",
  "idempotency_key_invalido",
  "idempotency_key_conflict",
  "generacion_en_curso",
  "saldo_insuficiente",
  "parametro_invalido",
  "not_found",
  "unauthenticated",
  "forbidden",
  "rate_limited",
]);

let account: TestAccount;
let clock: ReturnType<typeof useFakeTime>;

beforeAll(async () => {
  account = await newAccount({ plan: "team" });
  // Time moves a minute per request, so the limits never stand between the fuzzer and the validation.
  clock = useFakeTime(Date.now());
});
afterAll(() => clock.restore());

const cuitLike = fc.oneof(
  fc.string(),
  fc.stringMatching(/^[0-9-. ]{0,14}$/),
  fc.integer().map(String),
  fc.constant("20123456786"),
  fc.constant("30-50001091-2"),
);
const jsonValue = fc.oneof(fc.jsonValue(), fc.record({ cuit: fc.oneof(cuitLike, fc.jsonValue()) }), fc.dictionary(fc.string(), fc.jsonValue()));
const rawBody = fc.oneof(jsonValue.map((v) => JSON.stringify(v)), fc.string(), fc.constant(""), fc.constant("{"));
const headerValue = fc.string().map((s) => s.replace(/[\r\n\0]/g, ""));
const authorization = fc.oneof(
  fc.constant(undefined),
  fc.constant("own"),
  headerValue,
  fc.stringMatching(/^lgj_[0-9A-Za-z]{0,50}$/).map((k) => `Bearer ${k}`),
);
const query = fc.oneof(
  fc.string(),
  fc.record({ cuit: fc.option(cuitLike), limit: fc.option(fc.string()), offset: fc.option(fc.string()) }).map((q) =>
    Object.entries(q)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => `${k}=${encodeURIComponent(v as string)}`)
      .join("&"),
  ),
);

function expectClean(res: { status: number; body: any; text: string }) {
  expect(res.status).toBeLessThan(500);
  expect(res.text).not.toMatch(/\bat .*\.(ts|js):\d+|Error:|stack/);
  if (res.status >= 400) expect(DOCUMENTED.has(res.body?.error)).toBe(true);
}

describe("fuzz: generated requests never produce a 5xx or a stack trace", () => {
  it("holds for 2,000 generated bodies, headers and query strings", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("post", "list", "get", "quote"),
        rawBody,
        authorization,
        fc.option(headerValue),
        query,
        fc.string(),
        async (target, body, auth, idempotencyKey, q, id) => {
          clock.advance(61_000);
          const headers: Record<string, string> = {};
          if (auth === "own") headers.authorization = `Bearer ${account.key}`;
          else if (auth !== undefined) headers.authorization = auth;
          if (idempotencyKey !== null) headers["idempotency-key"] = idempotencyKey;
          let res;
          if (target === "post") res = await call(post, "/v1/reports", { method: "POST", rawBody: body, headers });
          else if (target === "list") res = await call(list, `/v1/reports?${q}`, { headers });
          else if (target === "quote") res = await call(quote, `/v1/reports/quote?${q}`, { headers });
          else res = await call(getOne, `/v1/reports/${encodeURIComponent(id)}`, { headers, params: { id } });
          expectClean(res);
        },
      ),
      { numRuns: 2_000 },
    );
  }, 300_000);
});
