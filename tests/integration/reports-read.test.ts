import { describe, expect, it } from "vitest";
import { GET as getOne } from "@/app/v1/reports/[id]/route";
import { GET as quote } from "@/app/v1/reports/quote/route";
import { GET as list } from "@/app/v1/reports/route";
import { formatCuit } from "@/lib/cuit";
import { getDb } from "@/db/client";
import { creditPurchased } from "@/lib/billing/credit";
import { newAccount, type TestAccount } from "../helpers/accounts";
import { demoCuits } from "../helpers/demo";
import { bearer, call } from "../helpers/http";
import { callerOf, generate, ipOf } from "../helpers/reports";
import { generateReport } from "@/lib/reports/generate";

const keys = (o: object) => Object.keys(o).sort();

describe("GET /v1/reports/{id}", () => {
  it("returns the report with exactly the fields of spec 2.1 plus informe_id, and charges nothing", async () => {
    const a = await newAccount();
    const { ok } = await demoCuits();
    const made = await generate(a, ok[0]);
    const id = made.body.informe_id as string;
    const res = await call(getOne, `/v1/reports/${id}`, { headers: bearer(a.key), params: { id }, ip: ipOf(a) });
    expect(res.status).toBe(200);
    expect(keys(res.body)).toEqual(["cuit", "generated_at", "informe_id", "sections", "status"]);
    expect(res.body).toEqual({ cuit: made.body.cuit, sections: made.body.sections, status: made.body.status, generated_at: made.body.generated_at, informe_id: id });
  });

  it("lets an admin read another account's report, and nobody else", async () => {
    const [a, b, admin] = await Promise.all([newAccount(), newAccount(), newAccount({ plan: "free", admin: true })]);
    const { ok } = await demoCuits();
    const id = (await generate(a, ok[0])).body.informe_id as string;
    expect((await call(getOne, `/v1/reports/${id}`, { headers: bearer(b.key), params: { id }, ip: ipOf(b) })).status).toBe(404);
    const byAdmin = await call(getOne, `/v1/reports/${id}`, { headers: bearer(admin.key), params: { id }, ip: ipOf(admin) });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.informe_id).toBe(id);
  });

  it("answers a report it read before the same way from memory, and still only to its account or an admin", async () => {
    const [a, b, admin] = await Promise.all([newAccount(), newAccount(), newAccount({ plan: "free", admin: true })]);
    const { ok } = await demoCuits();
    const id = (await generate(a, ok[1])).body.informe_id as string;
    const read = (who: TestAccount) => call(getOne, `/v1/reports/${id}`, { headers: bearer(who.key), params: { id }, ip: ipOf(who) });
    const first = await read(a);
    const again = await read(a);
    expect(again.status).toBe(200);
    expect(again.headers.get("content-type")).toBe(first.headers.get("content-type"));
    expect(again.headers.get("content-type")).toMatch(/^application\/json/);
    expect(again.body).toEqual(first.body);
    const other = await read(b);
    expect(other.status).toBe(404);
    expect(other.body.error).toBe("not_found");
    expect((await read(admin)).body).toEqual(first.body);
  });
});

describe("GET /v1/reports", () => {
  it("lists most recent first with exact item keys, pages with has_more, and filters by CUIT with or without hyphens", async () => {
    const a = await newAccount();
    const { ok } = await demoCuits();
    const caller = await callerOf(a);
    const db = await getDb();
    for (const cuit of ok.slice(0, 12)) await generateReport(db, caller, { cuit, idempotencyKey: null });
    const page1 = await call(list, "/v1/reports", { headers: bearer(a.key), ip: ipOf(a) });
    expect(page1.status).toBe(200);
    expect(keys(page1.body)).toEqual(["has_more", "items"]);
    expect(page1.body.items).toHaveLength(10);
    expect(page1.body.has_more).toBe(true);
    expect(keys(page1.body.items[0])).toEqual(["created_at", "cuit", "cuit_formateado", "denominacion", "denominacion_origen", "generated_at", "id", "status"]);
    expect(page1.body.items.map((i: { cuit: string }) => i.cuit)).toEqual(ok.slice(2, 12).reverse());
    expect(page1.body.items[0].cuit_formateado).toBe(formatCuit(ok[11]));
    const page2 = await call(list, "/v1/reports?limit=10&offset=10", { headers: bearer(a.key), ip: ipOf(a) });
    expect(page2.body.items.map((i: { cuit: string }) => i.cuit)).toEqual(ok.slice(0, 2).reverse());
    expect(page2.body.has_more).toBe(false);
    const exact = await call(list, `/v1/reports?cuit=${formatCuit(ok[3])}`, { headers: bearer(a.key), ip: ipOf(a) });
    expect(exact.body.items.map((i: { cuit: string }) => i.cuit)).toEqual([ok[3]]);
    const partial = ok[3].slice(3, 9);
    const sub = await call(list, `/v1/reports?cuit=${partial}&limit=50`, { headers: bearer(a.key), ip: ipOf(a) });
    expect(sub.body.items.length).toBeGreaterThanOrEqual(1);
    for (const item of sub.body.items) expect(item.cuit).toContain(partial);
  });

  it("never lists another account's reports", async () => {
    const [a, b] = await Promise.all([newAccount(), newAccount()]);
    const { ok } = await demoCuits();
    await generate(b, ok[0]);
    const res = await call(list, "/v1/reports", { headers: bearer(a.key), ip: ipOf(a) });
    expect(res.body).toEqual({ items: [], has_more: false });
  });
});

describe("GET /v1/reports/quote", () => {
  it("answers with exact fields and floors, and changes nothing", async () => {
    const a = await newAccount({ plan: "team" });
    await creditPurchased(await getDb(), a.accountId, 630, { kind: "operator_load" });
    const { ok } = await demoCuits();
    const res = await call(quote, `/v1/reports/quote?cuit=${ok[0]}`, { headers: bearer(a.key), ip: ipOf(a) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      cuit: ok[0],
      tipo_accion_estimado: "nuevo",
      costo_maximo_unidades: 200,
      saldo: { cupo_disponible_unidades: 0, saldo_comprado_unidades: 630, disponible_informes_nuevos: 3, disponible_actualizaciones: 12 },
      alcanza: true,
      mensaje: null,
    });
    const again = await call(quote, `/v1/reports/quote?cuit=${ok[0]}`, { headers: bearer(a.key), ip: ipOf(a) });
    expect(again.body).toEqual(res.body);
  });

  it("says in customer language when the balance does not suffice", async () => {
    const a = await newAccount({ plan: "team" });
    await creditPurchased(await getDb(), a.accountId, 120, { kind: "operator_load" });
    const { ok } = await demoCuits();
    const res = await call(quote, `/v1/reports/quote?cuit=${ok[0]}`, { headers: bearer(a.key), ip: ipOf(a) });
    expect(res.body.alcanza).toBe(false);
    expect(res.body.mensaje).toMatch(/2 actualizaciones/);
    expect(res.body.mensaje).not.toMatch(/cr[ée]dito|unidad/i);
  });
});
