import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { POST as cancelRoute } from "@/app/v1/batches/[id]/cancel/route";
import { GET as itemsRoute } from "@/app/v1/batches/[id]/items/route";
import { GET as resultsRoute } from "@/app/v1/batches/[id]/results/route";
import { GET as getBatchRoute } from "@/app/v1/batches/[id]/route";
import { GET as listRoute } from "@/app/v1/batches/route";
import { GET as quoteRoute } from "@/app/v1/reports/quote/route";
import { getDb } from "@/db/client";
import { creditPurchased } from "@/lib/billing/credit";
import { formatCuit, resolveCuitOrDni } from "@/lib/cuit";
import { startWorkers, stopWorkers } from "@/lib/jobs/start";
import { newAccount } from "../helpers/accounts";
import { batchOf, debitedUnits, itemsOf, postBatch, settled } from "../helpers/batches";
import { demoCuits } from "../helpers/demo";
import { bearer, call } from "../helpers/http";
import { ledgerAndBalance } from "../helpers/ledger";
import { generate, ipOf, newKey, reportRows } from "../helpers/reports";

/** A demo DNI whose CUIL is none of `cuits`. */
async function dniOutside(dnis: string[], cuits: string[]): Promise<{ dni: string; cuil: string }> {
  const db = await getDb();
  for (const dni of dnis) {
    const r = await resolveCuitOrDni(db, dni);
    if (r.ok && !cuits.includes(r.cuit)) return { dni, cuil: r.cuit };
  }
  throw new Error("no demo DNI outside the list");
}

// The job worker runs in this process, as it does inside the web app.
beforeAll(async () => {
  await startWorkers();
});
afterAll(async () => {
  await stopWorkers();
});

describe("POST /v1/batches runs each item as a single report would", () => {
  it("gives a mixed list its exact per-item outcome and total", async () => {
    const a = await newAccount();
    const { ok, dni, no_resuelto } = await demoCuits();
    expect((await generate(a, ok[1])).body.tipo_accion).toBe("nuevo");
    const person = await dniOutside(dni, [ok[0], ok[1]]);
    const entries = [ok[0], ok[1], person.dni, "20123456780", formatCuit(ok[0]), no_resuelto[0]];

    const res = await postBatch(a, { cuits: entries });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ estado: "en_cola", total: 6 });
    expect(res.body.cotizacion).toMatchObject({
      total: 6,
      validos: 5,
      invalidos: 1,
      duplicados: 1,
      nuevos: 3,
      actualizaciones: 1,
      costo_maximo_unidades: 3 * 200 + 50,
      alcanza: true,
      entradas_invalidas: [{ posicion: 4, entrada: "20123456780", error: expect.stringContaining("dígito verificador") }],
    });

    const done = await settled(a, res.body.lote_id);
    expect(done).toMatchObject({
      estado: "completado",
      total: 6,
      procesados: 6,
      resueltos: 4,
      no_resueltos: 1,
      invalidos: 1,
      sin_saldo: 0,
      costo_unidades: 200 + 50 + 200,
    });
    expect(done.terminado_en).not.toBeNull();
    const items = await itemsOf(a, res.body.lote_id);
    const outcome = items.map((i) => [i.posicion, i.status === "parcial" ? "ok" : i.status, i.tipo_accion, i.costo_unidades, i.duplicado_de]);
    expect(outcome).toEqual([
      [1, "ok", "nuevo", 200, null],
      [2, "ok", "actualizacion", 50, null],
      [3, "ok", "nuevo", 200, null],
      [4, "invalido", null, 0, null],
      [5, "ok", null, 0, 1],
      [6, "no_resuelto", null, 0, null],
    ]);
    expect(items[2].cuit).toBe(person.cuil);
    expect(items[3]).toMatchObject({ cuit: null, informe_id: null, error: expect.stringContaining("dígito verificador") });
    expect(items[4].informe_id).toBe(items[0].informe_id);
    expect(items[5].informe_id).toEqual(expect.any(String));

    // The ledger holds the single report and the batch's items, nothing more.
    expect(await debitedUnits(a.accountId)).toBe(200 + done.costo_unidades);
    const { ledger, balance } = await ledgerAndBalance(a.accountId);
    expect(ledger).toEqual(balance);
    expect((await reportRows(a.accountId)).filter((r) => r.cuit === ok[0])).toHaveLength(1);
  });
});

describe("the quote", () => {
  it("answers solo_cotizar with the quote of GET /v1/reports/quote, and creates and charges nothing", async () => {
    const a = await newAccount({ plan: "team" });
    await creditPurchased(await getDb(), a.accountId, 450, { kind: "operator_load" });
    const { ok } = await demoCuits();
    await generate(a, ok[0]);
    const res = await postBatch(a, { cuits: [ok[0], ok[1], ok[2], "no es un cuit"], solo_cotizar: true }, { key: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      total: 4,
      invalidos: 1,
      nuevos: 2,
      actualizaciones: 1,
      costo_maximo_unidades: 450,
      saldo: { cupo_disponible_unidades: 0, saldo_comprado_unidades: 250, disponible_informes_nuevos: 1, disponible_actualizaciones: 5 },
      alcanza: false,
      mensaje: expect.stringContaining("sin_saldo"),
    });
    const single = await call(quoteRoute, `/v1/reports/quote?cuit=${ok[0]}`, { headers: bearer(a.key), ip: ipOf(a) });
    expect(single.body.tipo_accion_estimado).toBe("actualizacion");
    expect((await call(listRoute, "/v1/batches", { headers: bearer(a.key), ip: ipOf(a) })).body.items).toEqual([]);
    expect(await debitedUnits(a.accountId)).toBe(200);
  });
});

describe("Idempotency-Key", () => {
  it("returns the same batch for the same key and list, and 409 for another list, a key used by a single report, or a single report under the batch's key", async () => {
    const a = await newAccount();
    const { ok } = await demoCuits();
    const key = newKey();
    const first = await postBatch(a, { cuits: [ok[0], ok[1]] }, { key });
    const again = await postBatch(a, { cuits: [ok[0], ok[1]] }, { key });
    expect(again.status).toBe(202);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body.lote_id).toBe(first.body.lote_id);
    expect(again.body.cotizacion).toEqual(first.body.cotizacion);
    const other = await postBatch(a, { cuits: [ok[1], ok[0]] }, { key });
    expect(other.status).toBe(409);
    expect(other.body.error).toBe("idempotency_key_conflict");
    const singleKey = newKey();
    await generate(a, ok[2], { key: singleKey });
    expect((await postBatch(a, { cuits: [ok[2]] }, { key: singleKey })).status).toBe(409);
    // And the other way round: the batch's key is not a single report's, whatever the CUIT.
    const reused = await generate(a, ok[0], { key });
    expect(reused.status).toBe(409);
    expect(reused.body).toMatchObject({ error: "idempotency_key_conflict" });
    await settled(a, first.body.lote_id);
    expect(await debitedUnits(a.accountId)).toBe(3 * 200);
  });
});

describe("bad input is a clear 4xx and charges nothing", () => {
  it("refuses more than 1,000 entries with the limit, an empty list, a missing key and a malformed body", async () => {
    const a = await newAccount();
    const { ok } = await demoCuits();
    const tooMany = await postBatch(a, { cuits: Array.from({ length: 1001 }, (_, i) => ok[i % ok.length]) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ error: "lote_demasiado_grande", limite: 1000, recibidos: 1001 });
    expect((await postBatch(a, { cuits: [] })).body.error).toBe("lote_vacio");
    expect((await postBatch(a, {})).body.error).toBe("lote_vacio");
    const keyless = await postBatch(a, { cuits: [ok[0]] }, { key: null });
    expect(keyless.status).toBe(400);
    expect(keyless.body.error).toBe("idempotency_key_requerido");
    expect((await postBatch(a, { cuits: [ok[0]] }, { key: "not-a-uuid" })).body.error).toBe("idempotency_key_invalido");
    expect((await postBatch(a, { cuits: [{ cuit: ok[0] }] })).body.error).toBe("body_invalido");
    expect((await postBatch(a, { cuits: [ok[0]], extra: 1 })).body.error).toBe("body_invalido");
    expect((await call(listRoute, "/v1/batches", { headers: bearer(a.key), ip: ipOf(a) })).body.items).toEqual([]);
    expect(await debitedUnits(a.accountId)).toBe(0);
  });

  it("completes at once a list with no valid entry, charging nothing", async () => {
    const a = await newAccount();
    const res = await postBatch(a, { cuits: ["abc", "20123456780"] });
    expect(res.body.estado).toBe("completado");
    expect(await batchOf(a, res.body.lote_id)).toMatchObject({ estado: "completado", invalidos: 2, procesados: 2, costo_unidades: 0 });
  });
});

describe("isolation", () => {
  it("answers another account's batch like a missing one, everywhere", async () => {
    const a = await newAccount();
    const b = await newAccount();
    const { ok } = await demoCuits();
    const { lote_id: id } = (await postBatch(a, { cuits: [ok[0]] })).body;
    const as = (path: string) => ({ headers: bearer(b.key), ip: ipOf(b), params: { id }, path });
    for (const [handler, path, method] of [
      [getBatchRoute, `/v1/batches/${id}`, "GET"],
      [itemsRoute, `/v1/batches/${id}/items`, "GET"],
      [resultsRoute, `/v1/batches/${id}/results?formato=csv`, "GET"],
      [cancelRoute, `/v1/batches/${id}/cancel`, "POST"],
    ] as const) {
      const res = await call(handler, path, { ...as(path), method });
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ error: "not_found", message: "No existe un lote con ese id en tu cuenta." });
    }
    const missing = await call(getBatchRoute, "/v1/batches/lot_000000000000000000", { headers: bearer(b.key), ip: ipOf(b), params: { id: "lot_000000000000000000" } });
    expect(missing.status).toBe(404);
    expect((await call(listRoute, "/v1/batches", { headers: bearer(b.key), ip: ipOf(b) })).body.items).toEqual([]);
    await settled(a, id);
    expect(await debitedUnits(b.accountId)).toBe(0);
  });
});

describe("listing and results", () => {
  it("lists the account's batches most recent first and downloads the results as CSV, XLSX and NDJSON", async () => {
    const a = await newAccount();
    const { ok, no_resuelto } = await demoCuits();
    const older = (await postBatch(a, { cuits: [ok[3]] })).body.lote_id;
    const id = (await postBatch(a, { cuits: [ok[0], "x", no_resuelto[0]] })).body.lote_id;
    await settled(a, older);
    const done = await settled(a, id);
    const listed = await call(listRoute, "/v1/batches?limit=1", { headers: bearer(a.key), ip: ipOf(a) });
    expect(listed.body).toEqual({ items: [done], has_more: true });

    const download = (formato: string) =>
      call(resultsRoute, `/v1/batches/${id}/results?formato=${formato}`, { headers: bearer(a.key), ip: ipOf(a), params: { id } });
    const csv = await download("csv");
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = csv.text.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines).toHaveLength(4);
    expect(lines[0].split(",").slice(0, 8)).toEqual(["posicion", "entrada", "cuit", "status", "informe_id", "tipo_accion", "costo_unidades", "error"]);
    expect(lines[1]).toMatch(new RegExp(`^1,${ok[0]},${ok[0]},ok,inf_\\w+,nuevo,200,,`));

    const ndjson = (await download("ndjson")).text.trim().split("\n").map((l) => JSON.parse(l));
    expect(ndjson.map((r) => [r.posicion, r.status, r.costo_unidades])).toEqual([[1, "ok", 200], [2, "invalido", 0], [3, "no_resuelto", 0]]);
    expect(ndjson[0]).toMatchObject({ cuit: ok[0], estado_informe: "ok", denominacion: expect.any(String) });
    expect(ndjson[1]).toMatchObject({ denominacion: null, situacion_bcra_maxima: null });

    const xlsx = await call(resultsRoute, `/v1/batches/${id}/results?formato=xlsx`, { headers: bearer(a.key), ip: ipOf(a), params: { id } });
    expect(xlsx.status).toBe(200);
    const res = await resultsRoute(new Request(`http://localhost:3000/v1/batches/${id}/results?formato=xlsx`, { headers: { ...bearer(a.key), "x-legajo-peer-address": ipOf(a) } }), { params: Promise.resolve({ id }) });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0];
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(2).getCell(3).text).toBe(ok[0]);
    expect(sheet.getRow(3).getCell(4).text).toBe("invalido");

    const bad = await download("pdf");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: "parametro_invalido", parameter: "formato" });
  });
});
