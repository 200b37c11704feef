import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as cancelRoute } from "@/app/v1/batches/[id]/cancel/route";
import { getDb } from "@/db/client";
import { creditPurchased } from "@/lib/billing/credit";
import { startWorkers, stopWorkers } from "@/lib/jobs/start";
import { DAILY_CAP } from "@/lib/reports/charge";
import { newAccount } from "../helpers/accounts";
import { batchOf, debitedUnits, itemsOf, postBatch, progressOf, settled } from "../helpers/batches";
import { demoCuits } from "../helpers/demo";
import { bearer, call } from "../helpers/http";
import { ledgerAndBalance } from "../helpers/ledger";
import { generate, ipOf, reportRows } from "../helpers/reports";

beforeAll(async () => {
  await startWorkers();
});
afterAll(async () => {
  await stopWorkers();
});

/** Resolvable demo CUITs, `n` of them. */
async function resolvable(n: number): Promise<string[]> {
  const { ok, parcial } = await demoCuits();
  const all = [...ok, ...parcial];
  if (all.length < n) throw new Error(`only ${all.length} resolvable demo CUITs`);
  return all.slice(0, n);
}

describe("billing of a batch", () => {
  it("leaves the items the balance cannot pay sin_saldo, uncharged, and completes", async () => {
    const a = await newAccount({ plan: "team" });
    await creditPurchased(await getDb(), a.accountId, 450, { kind: "operator_load" });
    const cuits = await resolvable(5);
    const res = await postBatch(a, { cuits });
    expect(res.body.cotizacion).toMatchObject({ costo_maximo_unidades: 1000, alcanza: false });
    const done = await settled(a, res.body.lote_id);
    expect(done).toMatchObject({ estado: "completado", resueltos: 2, sin_saldo: 3, costo_unidades: 400, procesados: 5 });
    const items = await itemsOf(a, res.body.lote_id);
    for (const item of items.filter((i) => i.status === "sin_saldo")) {
      expect(item).toMatchObject({ informe_id: null, tipo_accion: null, costo_unidades: 0, error: expect.stringContaining("Tu saldo no alcanza") });
    }
    expect(await debitedUnits(a.accountId)).toBe(400);
    const { ledger, balance } = await ledgerAndBalance(a.accountId);
    expect(balance).toEqual({ cupo: 0, comprado: 50 });
    expect(ledger).toEqual(balance);
    expect(await reportRows(a.accountId)).toHaveLength(2);
  });

  it("counts every item toward the daily cap on the daily-cap model, charging no units", async () => {
    const a = await newAccount({ billing: "daily_cap" });
    const cuits = await resolvable(DAILY_CAP + 2);
    const res = await postBatch(a, { cuits });
    expect(res.body.cotizacion).toMatchObject({ costo_maximo_unidades: 0, alcanza: false });
    const done = await settled(a, res.body.lote_id);
    expect(done).toMatchObject({ estado: "completado", resueltos: DAILY_CAP, sin_saldo: 2, costo_unidades: 0 });
    const capped = (await itemsOf(a, res.body.lote_id)).filter((i) => i.status === "sin_saldo");
    expect(capped[0].error).toContain("límite");
    expect(await debitedUnits(a.accountId)).toBe(0);
  });

  it("charges each operation once when single POSTs of the same CUITs run beside the batch", async () => {
    const a = await newAccount();
    const cuits = await resolvable(40);
    const res = await postBatch(a, { cuits });
    while ((await progressOf(a, res.body.lote_id)).estado === "en_cola") await new Promise((r) => setTimeout(r, 5));
    // The batch runs from the front of its list; the singles (10: the account's per-minute budget) from the back.
    const singles = await Promise.all(cuits.slice(-10).reverse().map((c) => generate(a, c)));
    const done = await settled(a, res.body.lote_id);
    expect(done.resueltos).toBe(40);
    const items = await itemsOf(a, res.body.lote_id);
    const charged = singles.filter((s) => s.status === 200);
    // A single POST that found the batch's item generating gets 409 generacion_en_curso, uncharged.
    for (const s of singles.filter((x) => x.status !== 200)) expect(s.body.error).toBe("generacion_en_curso");
    for (const cuit of cuits) {
      const kinds = [...items.filter((i) => i.cuit === cuit).map((i) => i.tipo_accion), ...charged.filter((s) => s.body.cuit === cuit).map((s) => s.body.tipo_accion)];
      expect(kinds.filter((k) => k === "nuevo"), cuit).toHaveLength(1);
    }
    const units = done.costo_unidades + charged.reduce((sum, s) => sum + s.body.costo_unidades, 0);
    expect(await debitedUnits(a.accountId)).toBe(units);
    expect(await reportRows(a.accountId)).toHaveLength(40 + charged.length);
    const { ledger, balance } = await ledgerAndBalance(a.accountId);
    expect(ledger).toEqual(balance);
  });
});

describe("POST /v1/batches/{id}/cancel", () => {
  it("stops the items not yet started: they are cancelado and never charged", async () => {
    const a = await newAccount();
    const { ok, parcial, no_resuelto } = await demoCuits();
    const cuits = [...ok, ...parcial, ...no_resuelto];
    const { lote_id: id } = (await postBatch(a, { cuits })).body;
    const res = await call(cancelRoute, `/v1/batches/${id}/cancel`, { method: "POST", headers: bearer(a.key), ip: ipOf(a), params: { id } });
    expect(res.status).toBe(200);
    expect(res.body.estado).toBe("cancelado");
    expect(res.body.terminado_en).not.toBeNull();
    const done = await settled(a, id);
    expect(done.cancelados).toBeGreaterThan(0);
    expect(done.procesados + done.cancelados).toBe(cuits.length);
    // Nothing starts after the cancellation settles.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await batchOf(a, id)).toEqual(done);
    const items = await itemsOf(a, id);
    for (const item of items.filter((i) => i.status === "cancelado")) expect(item).toMatchObject({ informe_id: null, costo_unidades: 0 });
    expect(await debitedUnits(a.accountId)).toBe(done.costo_unidades);
    expect((await reportRows(a.accountId)).length).toBe(done.procesados);
    const again = await call(cancelRoute, `/v1/batches/${id}/cancel`, { method: "POST", headers: bearer(a.key), ip: ipOf(a), params: { id } });
    expect(again.body).toEqual(done);
  });
});
