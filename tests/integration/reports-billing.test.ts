import { afterEach, describe, expect, it } from "vitest";
import { GET as balanceRoute } from "@/app/v1/balance/route";
import { GET as quote } from "@/app/v1/reports/quote/route";
import { GET as list } from "@/app/v1/reports/route";
import { getDb } from "@/db/client";
import { creditPurchased } from "@/lib/billing/credit";
import { newAccount } from "../helpers/accounts";
import { localTime, useFakeTime } from "../helpers/clock";
import { demoCuits } from "../helpers/demo";
import { bearer, call } from "../helpers/http";
import { ledgerAndBalance, ledgerOf } from "../helpers/ledger";
import { generate, ipOf, reportRows } from "../helpers/reports";

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

async function balanceOf(a: Awaited<ReturnType<typeof newAccount>>) {
  return (await call(balanceRoute, "/v1/balance", { headers: bearer(a.key), ip: ipOf(a) })).body;
}

describe("billing of report generation", () => {
  it("charges 200 for the first report of a CUIT and 50 for every later one", async () => {
    const a = await newAccount();
    const { ok } = await demoCuits();
    const first = await generate(a, ok[0]);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ tipo_accion: "nuevo", costo_unidades: 200, cache_hit: false, cuit: ok[0] });
    const second = await generate(a, ok[0]);
    expect(second.body).toMatchObject({ tipo_accion: "actualizacion", costo_unidades: 50, cache_hit: false });
    expect(second.body.informe_id).not.toBe(first.body.informe_id);
    const b = await balanceOf(a);
    expect(b.cupo).toMatchObject({ unidades_disponibles: 20_000 - 250, unidades_usadas: 250 });
  });

  it("spends the allotment before purchased units", async () => {
    const a = await newAccount({ plan: "free" });
    const db = await getDb();
    await creditPurchased(db, a.accountId, 500, { kind: "operator_load" });
    const { ok } = await demoCuits();
    const { generateReport } = await import("@/lib/reports/generate");
    const { loadAccountCaller } = await import("@/lib/auth/caller");
    const caller = (await loadAccountCaller(db, a.accountId, a.userId))!;
    await generateReport(db, caller as never, { cuit: ok[0], idempotencyKey: null });
    let { balance } = await ledgerAndBalance(a.accountId);
    expect(balance).toEqual({ cupo: 0, comprado: 500 });
    await generateReport(db, caller as never, { cuit: ok[1], idempotencyKey: null });
    ({ balance } = await ledgerAndBalance(a.accountId));
    expect(balance).toEqual({ cupo: 0, comprado: 300 });
    const debits = (await ledgerOf(a.accountId)).filter((e) => e.kind === "report_debit");
    expect(debits.map((e) => [e.pocket, e.delta])).toEqual([
      ["cupo", -200],
      ["comprado", -200],
    ]);
  });

  it("splits one charge across the pockets when the allotment covers part of it", async () => {
    const a = await newAccount({ plan: "free" });
    const db = await getDb();
    await creditPurchased(db, a.accountId, 100, { kind: "operator_load" });
    const { ok } = await demoCuits();
    const { generateReport } = await import("@/lib/reports/generate");
    const { loadAccountCaller } = await import("@/lib/auth/caller");
    const caller = (await loadAccountCaller(db, a.accountId, a.userId))!;
    await generateReport(db, caller as never, { cuit: ok[0], idempotencyKey: null });
    const r = await generateReport(db, caller as never, { cuit: ok[0], idempotencyKey: null });
    expect(r.body).toMatchObject({ tipo_accion: "actualizacion", costo_unidades: 50 });
    const r2 = await generateReport(db, caller as never, { cuit: ok[0], idempotencyKey: null });
    expect(r2.body.costo_unidades).toBe(50);
    const { balance, ledger } = await ledgerAndBalance(a.accountId);
    expect(balance).toEqual({ cupo: 0, comprado: 0 });
    expect(ledger).toEqual(balance);
  });

  it("refreshes the monthly allotment on the first generation of a new month", async () => {
    const clock = useFakeTime(localTime("2030-03-31T23:59:00"));
    restore = () => clock.restore();
    const a = await newAccount({ plan: "starter" });
    const db = await getDb();
    const { ok } = await demoCuits();
    const { generateReport } = await import("@/lib/reports/generate");
    const { loadAccountCaller } = await import("@/lib/auth/caller");
    const caller = (await loadAccountCaller(db, a.accountId, a.userId))!;
    for (const cuit of ok.slice(0, 5)) await generateReport(db, caller as never, { cuit, idempotencyKey: null });
    await expect(generateReport(db, caller as never, { cuit: ok[5], idempotencyKey: null })).rejects.toMatchObject({ code: "saldo_insuficiente" });
    clock.set(localTime("2030-04-01T00:00:30"));
    const next = await generateReport(db, caller as never, { cuit: ok[5], idempotencyKey: null });
    expect(next.body.costo_unidades).toBe(200);
    const { balance, ledger } = await ledgerAndBalance(a.accountId);
    expect(balance.cupo).toBe(800);
    expect(ledger).toEqual(balance);
  });

  it("charges nothing when the balance is short, and leaves the ledger untouched", async () => {
    const a = await newAccount({ plan: "team" });
    const db = await getDb();
    await creditPurchased(db, a.accountId, 150, { kind: "operator_load" });
    const { ok } = await demoCuits();
    const res = await generate(a, ok[0]);
    expect(res.status).toBe(402);
    expect(res.body.saldo).toEqual({ cupo_disponible_unidades: 0, saldo_comprado_unidades: 150 });
    expect(await reportRows(a.accountId)).toHaveLength(0);
    expect((await ledgerOf(a.accountId)).map((e) => e.kind)).toEqual(["operator_load"]);
    expect((await ledgerAndBalance(a.accountId)).balance).toEqual({ cupo: 0, comprado: 150 });
  });

  it("does not charge or list a no_resuelto report, and the next report of that CUIT is still nuevo", async () => {
    const a = await newAccount();
    const { no_resuelto, ok } = await demoCuits();
    const res = await generate(a, no_resuelto[0]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "no_resuelto", costo_unidades: 0, tipo_accion: null, cache_hit: false });
    expect(typeof res.body.informe_id).toBe("string");
    expect((await ledgerAndBalance(a.accountId)).balance.cupo).toBe(20_000);
    await generate(a, ok[0]);
    const listed = await call(list, "/v1/reports", { headers: bearer(a.key), ip: ipOf(a) });
    expect(listed.body.items.map((i: { cuit: string }) => i.cuit)).toEqual([ok[0]]);
    const again = await call(quote, `/v1/reports/quote?cuit=${no_resuelto[0]}`, { headers: bearer(a.key), ip: ipOf(a) });
    expect(again.body.tipo_accion_estimado).toBe("nuevo");
  });

  it("resolves a DNI to its CUIL and answers with the resolved value", async () => {
    const a = await newAccount();
    const { dni } = await demoCuits();
    const res = await generate(a, dni[0]);
    expect(res.status).toBe(200);
    expect(res.body.cuit).toMatch(/^(20|23|24|27)\d{9}$/);
    expect(res.body.cuit.slice(2, 10)).toBe(dni[0].padStart(8, "0"));
  });

  it("accepts a CUIT with hyphens and answers with the bare digits", async () => {
    const a = await newAccount();
    const { ok } = await demoCuits();
    const hyphenated = `${ok[0].slice(0, 2)}-${ok[0].slice(2, 10)}-${ok[0].slice(10)}`;
    const res = await generate(a, hyphenated);
    expect(res.status).toBe(200);
    expect(res.body.cuit).toBe(ok[0]);
  });

  it("never charges more than the quote said", async () => {
    const a = await newAccount();
    const { ok } = await demoCuits();
    for (const expected of ["nuevo", "actualizacion"]) {
      const q = await call(quote, `/v1/reports/quote?cuit=${ok[0]}`, { headers: bearer(a.key), ip: ipOf(a) });
      expect(q.body.tipo_accion_estimado).toBe(expected);
      const g = await generate(a, ok[0]);
      expect(g.body.tipo_accion).toBe(expected);
      expect(g.body.costo_unidades).toBeLessThanOrEqual(q.body.costo_maximo_unidades);
      expect(g.body.costo_unidades).toBe(q.body.costo_maximo_unidades);
    }
  });
});
