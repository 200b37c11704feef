import { describe, expect, it } from "vitest";
import { ApiError, renderError } from "@/lib/http/errors";

describe("error rendering (spec part 7)", () => {
  it("puts the text under `message` for ordinary codes", () => {
    expect(new ApiError(401, "unauthenticated").body()).toEqual({ error: "unauthenticated", message: expect.any(String) });
  });

  it.each(["generacion_en_curso", "idempotency_key_conflict", "informe_no_persistido", "saldo_insuficiente"])(
    "uses `mensaje` for %s",
    (code) => {
      const body = new ApiError(409, code).body();
      expect(Object.keys(body).sort()).toEqual(["error", "mensaje"]);
      expect(body.error).toBe(code);
    },
  );

  it.each(["cuit_requerido", "body_invalido"])("renders %s with only `error`", (code) => {
    expect(new ApiError(400, code).body()).toEqual({ error: code });
  });

  it("renders dataset_not_found with `error` and `dataset_id` only", () => {
    expect(new ApiError(404, "dataset_not_found", { extra: { dataset_id: "x" } }).body()).toEqual({ error: "dataset_not_found", dataset_id: "x" });
  });

  it("keeps the extra fields of a case after the text", () => {
    const body = new ApiError(400, "cuit_invalido", { text: "mal", extra: { reason: "formato" } }).body();
    expect(body).toEqual({ error: "cuit_invalido", message: "mal", reason: "formato" });
  });

  it("gives a 500 a generic message and carries headers", async () => {
    const res = renderError(new ApiError(500, "internal", { headers: { "Retry-After": "3" } }));
    expect(res.status).toBe(500);
    expect(res.headers.get("Retry-After")).toBe("3");
    expect(await res.json()).toEqual({ error: "internal", message: "Ocurrió un error interno." });
  });
});
