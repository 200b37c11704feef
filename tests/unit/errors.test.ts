import { describe, expect, it } from "vitest";
import { DomainError, type ErrorCode } from "@/lib/errors";
import { errorBody, renderError } from "@/lib/http/errors";

describe("error rendering (spec part 7)", () => {
  it("puts the text under `message` for ordinary codes", () => {
    expect(errorBody(new DomainError("unauthenticated"))).toEqual({ error: "unauthenticated", message: expect.any(String) });
  });

  it.each(["generacion_en_curso", "idempotency_key_conflict", "informe_no_persistido", "saldo_insuficiente"] as const)(
    "uses `mensaje` for %s",
    (code) => {
      const body = errorBody(new DomainError(code));
      expect(Object.keys(body).sort()).toEqual(["error", "mensaje"]);
      expect(body.error).toBe(code);
    },
  );

  it.each(["cuit_requerido", "body_invalido"] as const)("renders %s with only `error`", (code) => {
    expect(errorBody(new DomainError(code))).toEqual({ error: code });
  });

  it("renders dataset_not_found with `error` and `dataset_id` only", () => {
    expect(errorBody(new DomainError("dataset_not_found", { extra: { dataset_id: "x" } }))).toEqual({ error: "dataset_not_found", dataset_id: "x" });
  });

  it("keeps the extra fields of a case after the text", () => {
    const body = errorBody(new DomainError("cuit_invalido", { text: "mal", extra: { reason: "formato" } }));
    expect(body).toEqual({ error: "cuit_invalido", message: "mal", reason: "formato" });
  });

  it("gives a 500 a generic message and carries headers", async () => {
    const res = renderError(new DomainError("internal", { retryAfter: 3 }));
    expect(res.status).toBe(500);
    expect(res.headers.get("Retry-After")).toBe("3");
    expect(await res.json()).toEqual({ error: "internal", message: "Ocurrió un error interno." });
  });

  it.each([
    [400, "cuit_invalido", { reason: "formato" }, ["error", "message", "reason"]],
    [400, "idempotency_key_invalido", {}, ["error", "message"]],
    [400, "format_not_available", {}, ["error", "message"]],
    [401, "unauthenticated", {}, ["error", "message"]],
    [402, "saldo_insuficiente", { tipo_accion: "nuevo", costo_unidades: 200, saldo: {}, packs: [] }, ["costo_unidades", "error", "mensaje", "packs", "saldo", "tipo_accion"]],
    [403, "account_suspended", {}, ["error", "message"]],
    [403, "channel_disabled", { upgrade_url: "http://localhost:3000/planes" }, ["error", "message", "upgrade_url"]],
    [403, "forbidden", {}, ["error", "message"]],
    [403, "tier_required", { required_tier: "ultimate", current_tier: "free", upgrade_url: "u" }, ["current_tier", "error", "message", "required_tier", "upgrade_url"]],
    [403, "plan_no_verificable", {}, ["error", "message"]],
    [404, "not_found", {}, ["error", "message"]],
    [409, "generacion_en_curso", {}, ["error", "mensaje"]],
    [409, "idempotency_key_conflict", {}, ["error", "mensaje"]],
    [429, "rate_limited", {}, ["error", "message"]],
    [429, "daily_limit_exceeded", { limit: 10 }, ["error", "limit", "message"]],
    [500, "informe_no_persistido", {}, ["error", "mensaje"]],
  ])("renders %i %s with exactly its contract keys", async (status, code, extra, keys) => {
    const res = renderError(new DomainError(code as ErrorCode, { extra }));
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(keys);
    expect(body.error).toBe(code === "plan_no_verificable" ? "internal" : code);
    const text = body.message ?? body.mensaje;
    expect(typeof text).toBe("string");
    expect(text.length).toBeGreaterThan(0);
  });

  it("keeps the Retry-After header of a 409 generacion_en_curso", () => {
    const res = renderError(new DomainError("generacion_en_curso", { retryAfter: 5 }));
    expect(res.headers.get("Retry-After")).toBe("5");
  });

  it("never lets a 500 internal carry the text it was thrown with", async () => {
    const res = renderError(new DomainError("internal", { text: "connect ECONNREFUSED 10.0.0.5:5432 at Pool.connect" }));
    const body = await res.json();
    expect(body).toEqual({ error: "internal", message: "Ocurrió un error interno." });
  });

  it("keeps the specific text of a 403 internal (plan not verifiable)", () => {
    const body = errorBody(new DomainError("plan_no_verificable", { text: "No se pudo verificar el plan de la cuenta." }));
    expect(body).toEqual({ error: "internal", message: "No se pudo verificar el plan de la cuenta." });
  });
});
