import { beforeAll, describe, expect, it } from "vitest";
import { GET as balance } from "@/app/v1/balance/route";
import { GET as datasetDetail } from "@/app/v1/datasets/[id]/route";
import { GET as snapshot } from "@/app/v1/datasets/[id]/snapshot/route";
import { GET as datasets } from "@/app/v1/datasets/route";
import { GET as prices } from "@/app/v1/prices/route";
import { GET as quote } from "@/app/v1/reports/quote/route";
import { GET as listReports } from "@/app/v1/reports/route";
import { newAccount, type TestAccount } from "../helpers/accounts";
import { bearer, call } from "../helpers/http";

let a: TestAccount;
beforeAll(async () => {
  a = await newAccount({ plan: "ultimate" });
});

const session = () => ({ cookie: a.cookie });

function expectPersonal(res: { headers: Headers }) {
  expect(res.headers.get("cache-control")).toBe("private, no-store");
  const vary = (res.headers.get("vary") ?? "").toLowerCase();
  expect(vary).toContain("authorization");
  expect(vary).toContain("cookie");
}

describe("caching of caller-specific API answers", () => {
  it("marks GET /v1/balance private and never stored, by key and by session", async () => {
    expectPersonal(await call(balance, "/v1/balance", { headers: bearer(a.key) }));
    expectPersonal(await call(balance, "/v1/balance", { headers: session() }));
  });

  it("marks the report routes private, including their errors", async () => {
    const list = await call(listReports, "/v1/reports", { headers: bearer(a.key) });
    expect(list.status).toBe(200);
    expectPersonal(list);
    const invalid = await call(quote, "/v1/reports/quote?cuit=123", { headers: bearer(a.key) });
    expect(invalid.status).toBe(400);
    expectPersonal(invalid);
  });

  it("marks a 401 of a route that requires a caller private too", async () => {
    const res = await call(balance, "/v1/balance");
    expect(res.status).toBe(401);
    expectPersonal(res);
  });

  it("marks the snapshot route private", async () => {
    const res = await call(snapshot, "/v1/datasets/no-such-dataset/snapshot", { headers: bearer(a.key), params: { id: "no-such-dataset" } });
    expect(res.status).toBe(404);
    expectPersonal(res);
  });

  it("marks the catalog private when a caller is identified", async () => {
    expectPersonal(await call(datasets, "/v1/datasets", { headers: bearer(a.key) }));
    expectPersonal(await call(datasetDetail, "/v1/datasets/no-such-dataset", { headers: bearer(a.key), params: { id: "no-such-dataset" } }));
  });

  it("leaves the anonymous catalog cacheable, but varying on the credentials it would read", async () => {
    const res = await call(datasets, "/v1/datasets");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control") ?? "").not.toMatch(/private|no-store/);
    expect(res.headers.get("vary")).toMatch(/Authorization/);
    expect(res.headers.get("vary")).toMatch(/Cookie/);
  });

  it("leaves public routes as they were: no private caching, no Vary on credentials", async () => {
    const res = await call(prices, "/v1/prices", { headers: bearer(a.key) });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control") ?? "").not.toMatch(/private|no-store/);
    expect(res.headers.get("vary") ?? "").not.toMatch(/Authorization|Cookie/i);
  });
});
