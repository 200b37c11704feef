import { describe, expect, it, vi } from "vitest";
import { apiRoute, json } from "@/lib/http/api-route";
import { newAccount } from "../helpers/accounts";
import { BASE_URL, bearer, call } from "../helpers/http";

vi.hoisted(() => {
  // Read once by env() on first use in this worker.
  process.env.TRUSTED_ORIGINS = "https://partner.example, http://localhost:5173";
  delete process.env.APP_URL;
});

// There is no unsafe route on the foundation yet: a stand-in for POST /v1/reports.
const post = apiRoute({ auth: "required" }, ({ caller }) => Promise.resolve(json({ account: caller.accountId })));

const send = (headers: Record<string, string>, method = "POST") => call(post, "/v1/reports", { method, headers, body: { cuit: "20123456786" } });

describe("cross-site protection for session calls with an unsafe method (spec 5.7)", () => {
  it.each([
    ["a foreign Origin", { origin: "https://evil.example" }],
    ["Origin: null", { origin: "null" }],
    ["neither Origin nor Referer", {}],
    ["a foreign Referer and no Origin", { referer: "https://evil.example/page" }],
    ["a foreign Origin with the app's own Referer", { origin: "https://evil.example", referer: `${BASE_URL}/cuenta` }],
  ])("refuses %s with 403 forbidden", async (_, headers) => {
    const a = await newAccount();
    const res = await send({ cookie: a.cookie, ...headers });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "forbidden", message: expect.any(String) });
  });

  it.each(["PUT", "PATCH", "DELETE"])("refuses a foreign %s too", async (method) => {
    const a = await newAccount();
    expect((await send({ cookie: a.cookie, origin: "https://evil.example" }, method)).status).toBe(403);
  });

  it("allows the app's own origin", async () => {
    const a = await newAccount();
    const res = await send({ cookie: a.cookie, origin: BASE_URL });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ account: a.accountId });
  });

  it("allows the app's own Referer when there is no Origin", async () => {
    const a = await newAccount();
    expect((await send({ cookie: a.cookie, referer: `${BASE_URL}/cuenta/informes` })).status).toBe(200);
  });

  it.each(["https://partner.example", "http://localhost:5173"])("allows %s from TRUSTED_ORIGINS", async (origin) => {
    const a = await newAccount();
    expect((await send({ cookie: a.cookie, origin })).status).toBe(200);
  });

  it("does not check the origin of API-key calls", async () => {
    const a = await newAccount();
    expect((await send({ ...bearer(a.key), origin: "https://evil.example" })).status).toBe(200);
    expect((await send({ ...bearer(a.key), origin: "null" })).status).toBe(200);
  });

  it("does not check the origin of safe methods", async () => {
    const a = await newAccount();
    const res = await call(post, "/v1/reports", { headers: { cookie: a.cookie, origin: "https://evil.example" } });
    expect(res.status).toBe(200);
  });

  it("still answers 401 before the origin check when there is no session", async () => {
    expect((await send({ origin: "https://evil.example" })).status).toBe(401);
  });
});
