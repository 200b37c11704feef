import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refuseUnknownMethod } from "@/lib/http/method-guard";

/** A server that answers 200 "next" for whatever the guard lets through, as Next would take over. */
let server: http.Server;
let base: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (refuseUnknownMethod(req, res)) return;
    res.end("next");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** fetch refuses TRACE, so the request goes through node:http. */
function send(method: string, path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("methods Next does not serve", () => {
  it("answers TRACE on an API path 405 in the contract's shape, with the path's Allow", async () => {
    const res = await send("TRACE", "/v1/reports");
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe("GET, HEAD, POST, OPTIONS");
    expect(JSON.parse(res.body)).toEqual({ error: "method_not_allowed", message: expect.any(String) });
  });

  it("answers any other unknown method 405, on pages and files too", async () => {
    for (const [method, path] of [
      ["TRACE", "/informes"],
      ["TRACE", "/files/x/y.parquet"],
      ["PROPFIND", "/"],
      ["TRACE", "/v1/no-such-path"],
    ]) {
      const res = await send(method, path);
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.allow).toContain("GET");
    }
  });

  it("lets every method Next serves through", async () => {
    for (const method of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      expect((await send(method, "/v1/reports")).status, method).toBe(200);
    }
  });
});
