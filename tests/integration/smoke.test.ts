import { describe, expect, it } from "vitest";
import { GET as balance } from "@/app/v1/balance/route";
import { newAccount } from "../helpers/accounts";
import { bearer, call } from "../helpers/http";

describe("smoke", () => {
  it("reads the balance with a key", async () => {
    const a = await newAccount();
    const res = await call(balance, "/v1/balance", { headers: bearer(a.key) });
    expect(res.status).toBe(200);
    expect(res.body.cupo.unidades_disponibles).toBe(20000);
  });
});
