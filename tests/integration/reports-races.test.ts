import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { creditPurchased } from "@/lib/billing/credit";
import { generateReport, type Generated } from "@/lib/reports/generate";
import { newAccount } from "../helpers/accounts";
import { demoCuits } from "../helpers/demo";
import { ledgerAndBalance } from "../helpers/ledger";
import { callerOf, reportRows } from "../helpers/reports";

async function assertInvariants(accountId: string) {
  const { ledger, balance } = await ledgerAndBalance(accountId);
  expect(ledger).toEqual(balance);
  expect(balance.cupo).toBeGreaterThanOrEqual(0);
  expect(balance.comprado).toBeGreaterThanOrEqual(0);
  const db = await getDb();
  const [row] = await db.execute<{ charged: number; debited: number }>(sql`
    select (select coalesce(sum(costo_unidades), 0)::int from reports where account_id = ${accountId}) as charged,
           (select coalesce(-sum(delta), 0)::int from ledger_entries where account_id = ${accountId} and kind = 'report_debit') as debited`);
  expect(row.charged).toBe(row.debited);
}

describe("concurrency (spec part 3)", () => {
  it("runs one generation per account and CUIT at a time: 50 concurrent requests without a key", async () => {
    const a = await newAccount();
    const { ok } = await demoCuits();
    const caller = await callerOf(a);
    const db = await getDb();
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => generateReport(db, caller, { cuit: ok[0], idempotencyKey: null })));
    const won = results.filter((r): r is PromiseFulfilledResult<Generated> => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    for (const r of lost) expect(r.reason).toMatchObject({ code: "generacion_en_curso", retryAfter: 1 });
    expect(won.length).toBeGreaterThanOrEqual(1);
    const kinds = won.map((w) => w.value.body.tipo_accion);
    expect(kinds.filter((k) => k === "nuevo")).toHaveLength(1);
    expect(kinds.filter((k) => k === "actualizacion")).toHaveLength(won.length - 1);
    expect(await reportRows(a.accountId)).toHaveLength(won.length);
    await assertInvariants(a.accountId);
    const { balance } = await ledgerAndBalance(a.accountId);
    expect(balance.cupo).toBe(20_000 - 200 - 50 * (won.length - 1));
  });

  it("lets exactly 2 of 20 concurrent new reports through on a balance worth 2, leaving 0", async () => {
    const a = await newAccount({ plan: "team" });
    const db = await getDb();
    await creditPurchased(db, a.accountId, 400, { kind: "operator_load" });
    const { ok } = await demoCuits();
    const caller = await callerOf(a);
    const results = await Promise.allSettled(ok.slice(0, 20).map((cuit) => generateReport(db, caller, { cuit, idempotencyKey: null })));
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(won).toHaveLength(2);
    expect(lost).toHaveLength(18);
    for (const r of lost) expect(r.reason).toMatchObject({ code: "saldo_insuficiente" });
    const { balance } = await ledgerAndBalance(a.accountId);
    expect(balance).toEqual({ cupo: 0, comprado: 0 });
    await assertInvariants(a.accountId);
  });

  it("keeps the invariants when keyed and unkeyed requests for several CUITs interleave", async () => {
    const a = await newAccount({ plan: "team" });
    const db = await getDb();
    await creditPurchased(db, a.accountId, 1_000, { kind: "operator_load" });
    const { ok } = await demoCuits();
    const caller = await callerOf(a);
    const keys = [crypto.randomUUID(), crypto.randomUUID()];
    const jobs = Array.from({ length: 30 }, (_, i) =>
      generateReport(db, caller, { cuit: ok[i % 3], idempotencyKey: i % 2 === 0 ? keys[i % 4 === 0 ? 0 : 1] : null }),
    );
    const results = await Promise.allSettled(jobs);
    for (const r of results) {
      if (r.status === "rejected") expect(["saldo_insuficiente", "generacion_en_curso", "idempotency_key_conflict"]).toContain((r.reason as { code: string }).code);
    }
    await assertInvariants(a.accountId);
  });
});
