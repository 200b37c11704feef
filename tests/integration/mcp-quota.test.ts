import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { mcpUsage } from "@/db/schema";
import { mcpCallsUsed, takeMcpCall } from "@/lib/mcp/quota";
import { newAccount } from "../helpers/accounts";

const rowsOf = async (accountId: string) => (await getDb()).select().from(mcpUsage).where(eq(mcpUsage.accountId, accountId));

describe("the monthly MCP quota (lib/mcp/quota.ts)", () => {
  it("lets exactly the quota through when 40 calls race for 10, and counts no further", async () => {
    const db = await getDb();
    const { accountId } = await newAccount({ plan: "starter" });
    const at = new Date();
    const takes = await Promise.all(Array.from({ length: 40 }, () => takeMcpCall(db, accountId, { monthly: 10 }, at)));
    expect(takes.filter((t) => t.ok)).toHaveLength(10);
    expect(takes.filter((t) => t.ok).map((t) => t.quota.usadas).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const refused of takes.filter((t) => !t.ok)) expect(refused.quota).toMatchObject({ mensuales: 10, usadas: 10, disponibles: 0 });
    expect(await mcpCallsUsed(db, accountId, at)).toBe(10);
  });

  it("refuses every call of a plan without MCP (0) and writes nothing", async () => {
    const db = await getDb();
    const { accountId } = await newAccount({ plan: "free" });
    const take = await takeMcpCall(db, accountId, { monthly: 0 }, new Date());
    expect(take).toEqual({ ok: false, quota: expect.objectContaining({ mensuales: 0, usadas: 0, disponibles: 0 }) });
    expect(await rowsOf(accountId)).toEqual([]);
  });

  it("counts the calls of an unlimited plan (null) without ever refusing one", async () => {
    const db = await getDb();
    const { accountId } = await newAccount({ plan: "ultimate" });
    const at = new Date();
    const takes = await Promise.all(Array.from({ length: 15 }, () => takeMcpCall(db, accountId, { monthly: null }, at)));
    expect(takes.every((t) => t.ok && t.quota.disponibles === null)).toBe(true);
    expect(await mcpCallsUsed(db, accountId, at)).toBe(15);
  });

  it("starts each Buenos Aires calendar month from zero, keeping the earlier month's count", async () => {
    const db = await getDb();
    const { accountId } = await newAccount({ plan: "starter" });
    // 23:30 of January 31 in Buenos Aires is already February in UTC; it still counts for January.
    const lastNightOfJanuary = new Date("2031-01-31T23:30:00-03:00");
    const firstMorningOfFebruary = new Date("2031-02-01T00:10:00-03:00");
    expect((await takeMcpCall(db, accountId, { monthly: 1 }, lastNightOfJanuary)).quota).toMatchObject({ periodo: "2031-01", usadas: 1 });
    expect((await takeMcpCall(db, accountId, { monthly: 1 }, lastNightOfJanuary)).ok).toBe(false);
    const february = await takeMcpCall(db, accountId, { monthly: 1 }, firstMorningOfFebruary);
    expect(february).toEqual({ ok: true, quota: { periodo: "2031-02", mensuales: 1, usadas: 1, disponibles: 0 } });
    expect((await rowsOf(accountId)).map((r) => [r.period, r.calls]).sort()).toEqual([
      ["2031-01", 1],
      ["2031-02", 1],
    ]);
  });

  it("refuses a call once a lowered quota is below what the month already used", async () => {
    const db = await getDb();
    const { accountId } = await newAccount({ plan: "pro" });
    const at = new Date();
    for (let i = 0; i < 3; i++) await takeMcpCall(db, accountId, { monthly: 1000 }, at);
    const take = await takeMcpCall(db, accountId, { monthly: 2 }, at);
    expect(take).toEqual({ ok: false, quota: expect.objectContaining({ mensuales: 2, usadas: 3, disponibles: 0 }) });
    expect(await mcpCallsUsed(db, accountId, at)).toBe(3);
  });
});
