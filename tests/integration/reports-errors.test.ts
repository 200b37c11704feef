import { afterEach, describe, expect, it } from "vitest";
import { GET as getOne } from "@/app/v1/reports/[id]/route";
import { GET as quote } from "@/app/v1/reports/quote/route";
import { GET as list, POST as post } from "@/app/v1/reports/route";
import { getDb } from "@/db/client";
import { changePlan, setSuspended } from "@/lib/accounts/update";
import { withCheckDigit } from "@/lib/cuit";
import { newAccount } from "../helpers/accounts";
import { demoCuits } from "../helpers/demo";
import { bearer, call } from "../helpers/http";
import { generate, ipOf, newKey } from "../helpers/reports";
import { OPERATOR } from "@/lib/audit/record";

const keys = (o: object) => Object.keys(o).sort();

afterEach(() => {
  delete process.env.REPORT_PERSIST_FAULT;
});

describe("POST /v1/reports errors (spec part 7)", () => {
  it("answers an absent body with only `error: body_invalido`", async () => {
    const a = await newAccount();
    const res = await call(post, "/v1/reports", { method: "POST", headers: bearer(a.key), ip: ipOf(a) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "body_invalido" });
  });

  it.each([["not json"], ["[1,2]"], ['"30500010912"'], ["null"], ['{"cuit":"30500010912","extra":1}']])(
    "answers the body %s with body_invalido",
    async (raw) => {
      const a = await newAccount();
      const res = await call(post, "/v1/reports", { method: "POST", rawBody: raw, headers: { ...bearer(a.key), "content-type": "application/json" }, ip: ipOf(a) });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: "body_invalido" });
    },
  );

  it("answers a body past 64 KiB with body_invalido, without buffering it", async () => {
    const a = await newAccount();
    const rawBody = JSON.stringify({ cuit: "30500010912", padding: "x".repeat(70_000) });
    const res = await call(post, "/v1/reports", { method: "POST", rawBody, headers: { ...bearer(a.key), "content-type": "application/json" }, ip: ipOf(a) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "body_invalido" });
  });

  it.each([[{}], [{ cuit: null }], [{ cuit: "" }], [{ cuit: "   " }]])("answers %j with only `error: cuit_requerido`", async (body) => {
    const a = await newAccount();
    const res = await call(post, "/v1/reports", { method: "POST", body, headers: bearer(a.key), ip: ipOf(a) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "cuit_requerido" });
  });

  it.each([
    ["1234", "formato"],
    ["2012345678A", "formato"],
    ["301234567890", "formato"],
    [withCheckDigit("11", "12345678"), "tipo"],
    ["20123456780", "digito_verificador"],
    // Trailing characters and hyphens out of place: not a CUIT, whatever digits it holds.
    ["20123456786-", "formato"],
    ["20-12345678-6-", "formato"],
    ["2-0123456786", "formato"],
    ["20123456786\u200b", "formato"],
    // A DNI of all zeros names no one (its computed CUIL would otherwise pass every check).
    ["0000000", "formato"],
    ["00000000", "formato"],
    ["00.000.000", "formato"],
  ])("answers cuit %j with cuit_invalido reason %s", async (cuit, reason) => {
    const a = await newAccount();
    const res = await generate(a, cuit);
    expect(res.status).toBe(400);
    expect(keys(res.body)).toEqual(["error", "message", "reason"]);
    expect(res.body).toMatchObject({ error: "cuit_invalido", reason });
  });

  it("rejects a non-string cuit as cuit_invalido formato", async () => {
    const a = await newAccount();
    const res = await generate(a, 30500010912);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "cuit_invalido", reason: "formato" });
  });

  it.each(["not-a-uuid", "", "123e4567-e89b-12d3-a456-42661417400"])("answers Idempotency-Key %j with idempotency_key_invalido", async (key) => {
    const a = await newAccount();
    const res = await call(post, "/v1/reports", {
      method: "POST",
      body: { cuit: "30500010912" },
      headers: { ...bearer(a.key), "idempotency-key": key },
      ip: ipOf(a),
    });
    expect(res.status).toBe(400);
    expect(keys(res.body)).toEqual(["error", "message"]);
    expect(res.body.error).toBe("idempotency_key_invalido");
  });

  it("answers 402 saldo_insuficiente with exactly the part 7 fields, in customer language", async () => {
    const a = await newAccount({ plan: "team" });
    const { ok } = await demoCuits();
    const res = await generate(a, ok[0]);
    expect(res.status).toBe(402);
    expect(keys(res.body)).toEqual(["costo_unidades", "error", "mensaje", "packs", "saldo", "tipo_accion"]);
    expect(res.body).toMatchObject({
      error: "saldo_insuficiente",
      tipo_accion: "nuevo",
      costo_unidades: 200,
      saldo: { cupo_disponible_unidades: 0, saldo_comprado_unidades: 0 },
    });
    expect(keys(res.body.saldo)).toEqual(["cupo_disponible_unidades", "saldo_comprado_unidades"]);
    expect(res.body.packs.length).toBeGreaterThan(0);
    for (const pack of res.body.packs) expect(keys(pack)).toEqual(["displayLabel", "packSize", "priceArs", "unidades"]);
    expect(res.body.mensaje).toMatch(/informe/);
    expect(res.body.mensaje).not.toMatch(/cr[ée]dito/i);
  });

  it("answers 409 idempotency_key_conflict with `mensaje` and Retry-After when a key is reused for another CUIT", async () => {
    const a = await newAccount();
    const { ok } = await demoCuits();
    const key = newKey();
    expect((await generate(a, ok[0], { key })).status).toBe(200);
    const res = await generate(a, ok[1], { key });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: "idempotency_key_conflict", mensaje: expect.any(String) });
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("answers 500 informe_no_persistido with `mensaje` when the commit fails", async () => {
    const a = await newAccount();
    const { ok } = await demoCuits();
    process.env.REPORT_PERSIST_FAULT = "throw";
    const res = await generate(a, ok[0]);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: "informe_no_persistido", mensaje: expect.any(String) });
    expect(res.text).not.toContain("injected");
  });

  it("answers 403 channel_disabled with upgrade_url for a key on a plan without the REST API, and lets a session through", async () => {
    const a = await newAccount({ plan: "pro" });
    const { ok } = await demoCuits();
    const byKey = await generate(a, ok[0]);
    expect(byKey.status).toBe(403);
    expect(keys(byKey.body)).toEqual(["error", "message", "upgrade_url"]);
    expect(byKey.body.error).toBe("channel_disabled");
    const bySession = await call(post, "/v1/reports", {
      method: "POST",
      body: { cuit: ok[0] },
      headers: { cookie: a.cookie, origin: "http://localhost:3000" },
      ip: ipOf(a),
    });
    expect(bySession.status).toBe(200);
  });

  it("refuses a session POST from a foreign origin with 403 forbidden, but not a key call", async () => {
    const a = await newAccount();
    const { ok } = await demoCuits();
    const res = await call(post, "/v1/reports", {
      method: "POST",
      body: { cuit: ok[0] },
      headers: { cookie: a.cookie, origin: "https://evil.example" },
      ip: ipOf(a),
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "forbidden", message: expect.any(String) });
    const byKey = await generate(a, ok[0], { headers: { origin: "https://evil.example" } });
    expect(byKey.status).toBe(200);
  });

  it("answers 401 without credentials and 403 account_suspended for a suspended account", async () => {
    const a = await newAccount();
    const anonymous = await call(post, "/v1/reports", { method: "POST", body: { cuit: "30500010912" }, ip: ipOf(a) });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ error: "unauthenticated", message: expect.any(String) });
    await setSuspended(await getDb(), a.accountId, true, OPERATOR);
    const suspended = await generate(a, "30500010912");
    expect(suspended.status).toBe(403);
    expect(suspended.body).toEqual({ error: "account_suspended", message: expect.any(String) });
  });

  it("answers 429 daily_limit_exceeded with `limit` and Retry-After on the daily-cap model", async () => {
    const a = await newAccount({ billing: "daily_cap" });
    const { ok } = await demoCuits();
    const { callerOf } = await import("../helpers/reports");
    const { generateReport } = await import("@/lib/reports/generate");
    const caller = await callerOf(a);
    for (let i = 0; i < 10; i++) {
      const { body } = await generateReport(await getDb(), caller, { cuit: ok[i], idempotencyKey: null });
      expect(body.costo_unidades).toBe(0);
    }
    const res = await generate(a, ok[10]);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ error: "daily_limit_exceeded", message: expect.any(String), limit: 10 });
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("answers 429 rate_limited with Retry-After after 10 POSTs in a minute", async () => {
    const a = await newAccount();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await generate(a, "1")).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    const res = await generate(a, "1");
    expect(res.body).toEqual({ error: "rate_limited", message: expect.any(String) });
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("lets a plan change take effect on the next call", async () => {
    const a = await newAccount({ plan: "free" });
    const { ok } = await demoCuits();
    expect((await generate(a, ok[0])).status).toBe(403);
    await changePlan(await getDb(), a.accountId, "ultimate", OPERATOR);
    expect((await generate(a, ok[0])).status).toBe(200);
  });
});

describe("GET /v1/reports and /v1/reports/{id} errors", () => {
  it.each([
    ["limit=0", "limit"],
    ["limit=51", "limit"],
    ["limit=abc", "limit"],
    ["limit=1.5", "limit"],
    ["offset=-1", "offset"],
    ["offset=x", "offset"],
  ])("answers ?%s with 400 parametro_invalido naming %s", async (query, name) => {
    const a = await newAccount();
    const res = await call(list, `/v1/reports?${query}`, { headers: bearer(a.key), ip: ipOf(a) });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("parametro_invalido");
    expect(res.body.message).toContain(name);
  });

  it("gives the same 404 body for a missing id, a malformed id and another account's report", async () => {
    const [a, b] = await Promise.all([newAccount(), newAccount()]);
    const { ok } = await demoCuits();
    const theirs = await generate(b, ok[0]);
    const ids = ["inf_00000000000000000", "nope", theirs.body.informe_id as string];
    const bodies = [];
    for (const id of ids) {
      const res = await call(getOne, `/v1/reports/${id}`, { headers: bearer(a.key), params: { id }, ip: ipOf(a) });
      expect(res.status).toBe(404);
      bodies.push(res.body);
    }
    expect(bodies[0]).toEqual({ error: "not_found", message: expect.any(String) });
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
  });
});

describe("GET /v1/reports/quote errors", () => {
  it.each([
    ["", "formato"],
    ["?cuit=", "formato"],
    ["?cuit=12345678", "formato"],
    ["?cuit=30-50001091-2", "formato"],
    ["?cuit=30.500.010.912", "formato"],
    [`?cuit=${withCheckDigit("11", "12345678")}`, "tipo"],
    ["?cuit=20123456780", "digito_verificador"],
    ["?cuit=20123456786-", "formato"],
    ["?cuit=20123456786%20", "formato"],
    ["?cuit=20123456786x", "formato"],
    ["?cuit=00000000", "formato"],
  ])("answers %s with cuit_invalido reason %s", async (query, reason) => {
    const a = await newAccount();
    const res = await call(quote, `/v1/reports/quote${query}`, { headers: bearer(a.key), ip: ipOf(a) });
    expect(res.status).toBe(400);
    expect(keys(res.body)).toEqual(["error", "message", "reason"]);
    expect(res.body).toMatchObject({ error: "cuit_invalido", reason });
  });
});
