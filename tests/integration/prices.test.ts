import { describe, expect, it } from "vitest";
import { GET as prices } from "@/app/v1/prices/route";
import { pricesSchema } from "@/lib/schemas/billing";
import { call } from "../helpers/http";

const PLAN_KEYS = [
  "api_rest_enabled",
  "csv_downloads_monthly",
  "display_label",
  "informe_cuit_cupo_mensual_unidades",
  "mcp_calls_monthly",
  "parquet_enabled",
  "plan_tier",
  "price_ars_monthly",
];
const PACK_KEYS = ["displayLabel", "packSize", "priceArs", "unidades"];

describe("GET /v1/prices (spec 2.8)", () => {
  it("is public and has exactly the contract's keys", async () => {
    const res = await call(prices, "/v1/prices");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(Object.keys(res.body).sort()).toEqual(["informe_cuit_packs", "plans"]);
    for (const plan of res.body.plans) expect(Object.keys(plan).sort()).toEqual(PLAN_KEYS);
    for (const pack of res.body.informe_cuit_packs) expect(Object.keys(pack).sort()).toEqual(PACK_KEYS);
    expect(() => pricesSchema.parse(res.body)).not.toThrow();
  });

  it("lists the six plans in order", async () => {
    const { body } = await call(prices, "/v1/prices");
    expect(body.plans.map((p: any) => p.plan_tier)).toEqual(["free", "starter", "pro", "ultimate", "team", "enterprise"]);
  });

  it("enables the REST API channel exactly on ultimate, team and enterprise (spec 5.5)", async () => {
    const { body } = await call(prices, "/v1/prices");
    const enabled = body.plans.filter((p: any) => p.api_rest_enabled).map((p: any) => p.plan_tier);
    expect(enabled).toEqual(["ultimate", "team", "enterprise"]);
  });

  it("prices free at 0 and team and enterprise by agreement (null), with no automatic allotment for those two", async () => {
    const { body } = await call(prices, "/v1/prices");
    const byTier = Object.fromEntries(body.plans.map((p: any) => [p.plan_tier, p]));
    expect(byTier.free.price_ars_monthly).toBe(0);
    for (const tier of ["team", "enterprise"]) {
      expect(byTier[tier].price_ars_monthly).toBeNull();
      expect(byTier[tier].informe_cuit_cupo_mensual_unidades).toBeNull();
    }
    for (const tier of ["starter", "pro", "ultimate"]) expect(byTier[tier].price_ars_monthly).toBeGreaterThan(0);
  });

  it("offers packs with positive sizes and units and non-negative prices", async () => {
    const { body } = await call(prices, "/v1/prices");
    expect(body.informe_cuit_packs.length).toBeGreaterThan(0);
    for (const p of body.informe_cuit_packs) {
      expect(Number.isInteger(p.packSize) && p.packSize > 0).toBe(true);
      expect(Number.isInteger(p.unidades) && p.unidades > 0).toBe(true);
      expect(p.priceArs).toBeGreaterThanOrEqual(0);
      expect(p.displayLabel).toEqual(expect.any(String));
    }
  });

  it("ignores credentials, even invalid ones", async () => {
    const res = await call(prices, "/v1/prices", { headers: { authorization: "Bearer lgj_invalid" } });
    expect(res.status).toBe(200);
  });
});
