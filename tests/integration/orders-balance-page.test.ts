import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { lockBalance } from "@/lib/billing/allotment";
import { monthlyAllotment } from "@/lib/billing/balance";
import { creditPurchased } from "@/lib/billing/credit";
import { debit } from "@/lib/billing/debit";
import { setClock } from "@/lib/clock";
import { LEDGER_PAGE_SIZE, ledgerPage, usagePerDay } from "@/lib/billing/ledger";
import { newAccount } from "../helpers/accounts";

afterEach(() => setClock(null));

async function chargeAt(accountId: string, iso: string, cost: number) {
  const db = await getDb();
  const at = new Date(iso);
  setClock(() => at);
  const monthly = await monthlyAllotment(db, accountId);
  await db.transaction(async (tx) => {
    await lockBalance(tx, accountId, monthly, at);
    await debit(tx, accountId, cost, `inf_test${cost}`, at);
  });
}

describe("balance page: usage chart and ledger history", () => {
  it("sums report debits per Buenos Aires day over the last 90 days, zeros included", async () => {
    const a = await newAccount({ plan: "pro" });
    await creditPurchased(await getDb(), a.accountId, 2_000, { kind: "operator_load" });
    // 02:30 UTC is still the previous day in Buenos Aires (UTC-3).
    await chargeAt(a.accountId, "2026-11-10T02:30:00Z", 200);
    await chargeAt(a.accountId, "2026-11-10T15:00:00Z", 50);
    await chargeAt(a.accountId, "2026-11-10T20:00:00Z", 200);
    // Older than 90 days: outside the chart.
    await chargeAt(a.accountId, "2026-07-01T15:00:00Z", 200);
    setClock(() => new Date("2026-11-20T12:00:00Z"));
    const usage = await usagePerDay(await getDb(), a.accountId, 90);
    expect(usage).toHaveLength(90);
    expect(usage.at(-1)!.day).toBe("2026-11-20");
    expect(usage[0].day).toBe("2026-08-23");
    expect(new Set(usage.map((d) => d.day)).size).toBe(90);
    const byDay = Object.fromEntries(usage.filter((d) => d.units > 0).map((d) => [d.day, d.units]));
    expect(byDay).toEqual({ "2026-11-09": 200, "2026-11-10": 250 });
  });

  it("pages the ledger newest first and says when more follows", async () => {
    const a = await newAccount({ plan: "free" });
    const db = await getDb();
    for (let i = 1; i <= LEDGER_PAGE_SIZE + 3; i++) await creditPurchased(db, a.accountId, i, { kind: "operator_load", note: `n${i}` });
    const first = await ledgerPage(db, a.accountId, 1);
    expect(first.items).toHaveLength(LEDGER_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    expect(first.items[0].note).toBe(`n${LEDGER_PAGE_SIZE + 3}`);
    const second = await ledgerPage(db, a.accountId, 2);
    // 3 loads left plus the allotment grant written when the account was created.
    expect(second.items).toHaveLength(4);
    expect(second.hasMore).toBe(false);
    expect(second.items.at(-1)!.kind).toBe("allotment_grant");
    const ids = [...first.items, ...second.items].map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
