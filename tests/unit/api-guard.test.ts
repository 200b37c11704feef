import { describe, expect, it } from "vitest";
import { guardApiRequest, otherMethods } from "@/lib/http/api-guard";

async function answer(method: string, path: string) {
  const res = guardApiRequest(method, path);
  return res && { status: res.status, allow: res.headers.get("allow"), requestId: res.headers.get("x-request-id"), body: (await res.json()) as unknown };
}

describe("guardApiRequest", () => {
  it("lets every documented method of a documented path through, and HEAD and OPTIONS with GET", () => {
    for (const [method, path] of [
      ["POST", "/v1/reports"],
      ["GET", "/v1/reports"],
      ["GET", "/v1/reports/quote"],
      ["GET", "/v1/reports/inf_0123456789ABCDEFG"],
      ["HEAD", "/v1/balance"],
      ["OPTIONS", "/v1/datasets/x/snapshot"],
      ["GET", "/v1/datasets/ar-bcra-central-deudores"],
      ["GET", "/v1/openapi.json"],
    ]) {
      expect(guardApiRequest(method, path), `${method} ${path}`).toBeNull();
    }
  });

  it("leaves paths that are no operation to Next", () => {
    expect(guardApiRequest("GET", "/v1/nope")).toBeNull();
    expect(guardApiRequest("GET", "/v1/reports/a/b")).toBeNull();
  });

  it("answers a method the path does not have with 405 method_not_allowed and Allow", async () => {
    expect(await answer("PUT", "/v1/reports")).toMatchObject({
      status: 405,
      allow: "GET, HEAD, POST, OPTIONS",
      body: { error: "method_not_allowed", message: "Método no permitido." },
    });
    expect(await answer("POST", "/v1/reports/quote")).toMatchObject({ status: 405, allow: "GET, HEAD, OPTIONS" });
    expect(await answer("DELETE", "/v1/datasets/x")).toMatchObject({ status: 405, allow: "GET, HEAD, OPTIONS" });
    expect((await answer("PATCH", "/v1/balance"))?.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers a path id that is not valid percent-encoding with the operation's own 404", async () => {
    expect(await answer("GET", "/v1/reports/%ZZ")).toMatchObject({ status: 404, body: { error: "not_found", message: "No existe un informe con ese id en tu cuenta." } });
    expect(await answer("GET", "/v1/datasets/%E0%A4%A/snapshot")).toMatchObject({ status: 404, body: { error: "not_found" } });
    expect(await answer("GET", "/v1/datasets/%")).toEqual(expect.objectContaining({ status: 404, body: { error: "dataset_not_found", dataset_id: "%" } }));
    const options = guardApiRequest("OPTIONS", "/v1/reports/%ZZ");
    expect([options?.status, options?.headers.get("allow")]).toEqual([204, "GET, HEAD, OPTIONS"]);
  });
});

describe("otherMethods", () => {
  it("gives a route file 405 method_not_allowed with Allow for its missing methods, and an OPTIONS that lists the documented ones", async () => {
    const { PUT, DELETE, OPTIONS } = otherMethods("/v1/reports/{id}");
    const req = new Request("http://localhost/v1/reports/x", { method: "PUT" });
    for (const res of [await PUT(req), await DELETE(req)]) {
      expect([res.status, res.headers.get("allow")]).toEqual([405, "GET, HEAD, OPTIONS"]);
      expect(await res.json()).toEqual({ error: "method_not_allowed", message: "Método no permitido." });
    }
    const options = await OPTIONS(req);
    expect([options.status, options.headers.get("allow")]).toEqual([204, "GET, HEAD, OPTIONS"]);
    expect((await otherMethods("/v1/reports").OPTIONS(req)).headers.get("allow")).toBe("GET, HEAD, POST, OPTIONS");
  });

  it("refuses a path the contract does not have", () => {
    expect(() => otherMethods("/v1/nope")).toThrow(/not a path of the contract/);
  });
});
