import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { generateReport } from "@/lib/reports/generate";
import { newAccount } from "../helpers/accounts";
import { demoCuits } from "../helpers/demo";
import { ledgerAndBalance, ledgerOf } from "../helpers/ledger";
import { callerOf, generate, newKey, reportRows } from "../helpers/reports";

describe("Idempotency-Key (spec 4.1 rules 1-4)", () => {
  it("replays the original response for a repeated Idempotency-Key, without running or charging again", async () => {
    const a = await newAccount();
    const { ok } = await demoCuits();
    const key = newKey();
    const first = await generate(a, ok[0], { key });
    expect(first.status).toBe(200);
    expect(first.body.cache_hit).toBe(false);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const second = await generate(a, ok[0], { key: key.toUpperCase() });
    expect(second.status).toBe(200);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.body).toEqual({ ...first.body, cache_hit: true });
    expect(await reportRows(a.accountId)).toHaveLength(1);
    expect((await ledgerOf(a.accountId)).filter((e) => e.kind === "report_debit")).toHaveLength(1);
  });

  it("keeps the key: a replay much later still returns the original, even after other reports of the CUIT", async () => {
    const a = await newAccount();
    const { ok } = await demoCuits();
    const key = newKey();
    const first = await generate(a, ok[0], { key });
    await generate(a, ok[0]);
    const replay = await generate(a, ok[0], { key });
    expect(replay.body).toEqual({ ...first.body, cache_hit: true });
    expect(replay.body.tipo_accion).toBe("nuevo");
  });

  it("scopes keys to the account: another account may use the same key", async () => {
    const [a, b] = await Promise.all([newAccount(), newAccount()]);
    const { ok } = await demoCuits();
    const key = newKey();
    const ra = await generate(a, ok[0], { key });
    const rb = await generate(b, ok[1], { key });
    expect(rb.status).toBe(200);
    expect(rb.body.cache_hit).toBe(false);
    expect(rb.body.informe_id).not.toBe(ra.body.informe_id);
  });

  it("lets a key whose first use failed (402) be used again once the balance allows", async () => {
    const a = await newAccount({ plan: "team" });
    const { ok } = await demoCuits();
    const key = newKey();
    expect((await generate(a, ok[0], { key })).status).toBe(402);
    const { creditPurchased } = await import("@/lib/billing/credit");
    await creditPurchased(await getDb(), a.accountId, 200, { kind: "operator_load" });
    const retry = await generate(a, ok[0], { key });
    expect(retry.status).toBe(200);
    expect(retry.body.cache_hit).toBe(false);
  });

  it("gives 20 concurrent requests with one key exactly one charge and one report", async () => {
    const a = await newAccount();
    const { ok } = await demoCuits();
    const caller = await callerOf(a);
    const db = await getDb();
    const key = newKey();
    // Every one of them succeeds: the first generates, the others wait for it and replay its result.
    const results = await Promise.all(Array.from({ length: 20 }, () => generateReport(db, caller, { cuit: ok[0], idempotencyKey: key })));
    const bodies = results.map((r) => r.body);
    expect(new Set(bodies.map((b) => b.informe_id)).size).toBe(1);
    expect(bodies.filter((b) => b.cache_hit === false)).toHaveLength(1);
    expect(bodies.filter((b) => b.cache_hit === true)).toHaveLength(19);
    expect(await reportRows(a.accountId)).toHaveLength(1);
    expect((await ledgerOf(a.accountId)).filter((e) => e.kind === "report_debit")).toHaveLength(1);
    const { ledger, balance } = await ledgerAndBalance(a.accountId);
    expect(balance.cupo).toBe(20_000 - 200);
    expect(ledger).toEqual(balance);
  });

  it("binds a key to one CUIT even when two CUITs race on it", async () => {
    const a = await newAccount();
    const { ok } = await demoCuits();
    const caller = await callerOf(a);
    const db = await getDb();
    const key = newKey();
    const results = await Promise.allSettled([
      generateReport(db, caller, { cuit: ok[0], idempotencyKey: key }),
      generateReport(db, caller, { cuit: ok[1], idempotencyKey: key }),
    ]);
    const fulfilled = results.filter((r) => r.status === "fulfilled");
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    expect(rejected[0].reason).toMatchObject({ code: "idempotency_key_conflict" });
    expect(await reportRows(a.accountId)).toHaveLength(1);
    const { ledger, balance } = await ledgerAndBalance(a.accountId);
    expect(ledger).toEqual(balance);
  });
});
