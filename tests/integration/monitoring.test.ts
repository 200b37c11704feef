import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as getChanges } from "@/app/v1/reports/[id]/changes/route";
import { GET as getEvents } from "@/app/v1/events/route";
import { DELETE as deleteWatch } from "@/app/v1/watchlist/[cuit]/route";
import { GET as listWatch, POST as postWatch } from "@/app/v1/watchlist/route";
import { closeDb, getDb } from "@/db/client";
import { stopWorkers } from "@/lib/jobs/start";
import { createBatch } from "@/lib/batches/create";
import { processBatch } from "@/lib/batches/process";
import { runScan } from "@/lib/monitoring/detect";
import { setLowBalanceThreshold } from "@/lib/monitoring/settings";
import { nameKey } from "@/lib/sources/formats/names";
import { watchMany } from "@/lib/monitoring/watch";
import { newAccount, type TestAccount } from "../helpers/accounts";
import { cuitFrom } from "../helpers/catalog";
import { demoCuits } from "../helpers/demo";
import { localTime, useFakeTime } from "../helpers/clock";
import { bearer, call } from "../helpers/http";
import { ledgerAndBalance, ledgerOf } from "../helpers/ledger";
import { debtRow, importFeed, scanOf } from "../helpers/monitoring";
import { callerOf, generate, ipOf } from "../helpers/reports";

/** A database of this file's own, so its imports and watches meet no other test's (and no other test's workers). */
const own = vi.hoisted(() => {
  const suiteUrl = process.env.DATABASE_URL!;
  const name = `legajo_mon_${process.pid}_${Date.now()}`;
  Object.assign(process.env, { DATABASE_URL: `${suiteUrl.slice(0, suiteUrl.lastIndexOf("/"))}/${name}`, SEED_DEMO: "true", DEMO_CUITS: "100" });
  return { adminUrl: `${suiteUrl.slice(0, suiteUrl.lastIndexOf("/"))}/postgres`, name };
});

beforeAll(async () => {
  const admin = postgres(own.adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${own.name}`);
  await admin.end();
  await getDb();
});

afterAll(async () => {
  await stopWorkers();
  await closeDb();
  const admin = postgres(own.adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${own.name} with (force)`);
  await admin.end();
});

const watch = (a: TestAccount, cuit: string, etiqueta?: string) =>
  call(postWatch, "/v1/watchlist", { method: "POST", ip: ipOf(a), headers: bearer(a.key), body: { cuit, ...(etiqueta ? { etiqueta } : {}) } });
const events = (a: TestAccount, query = "") => call(getEvents, `/v1/events${query}`, { ip: ipOf(a), headers: bearer(a.key) });

/** Runs the scan an import announced (a worker may have run it already: then it is done and this finds it so). */
async function scanned(snapshotId: number) {
  const id = await scanOf(snapshotId);
  expect(id).toBeDefined();
  await runScan(id!);
}

describe("change detection", () => {
  const X = cuitFrom(91_000_001);
  const Y = cuitFrom(91_000_002);
  const Z = cuitFrom(91_000_003);
  const feed = "test-monitoring";
  let a: TestAccount;
  let b: TestAccount;

  beforeAll(async () => {
    [a, b] = await Promise.all([newAccount({ plan: "ultimate" }), newAccount({ plan: "ultimate" })]);
    expect((await watch(a, X, "Proveedor X")).status).toBe(201);
    expect((await watch(a, Y)).status).toBe(201);
    expect((await watch(b, Z)).status).toBe(201);
    await scanned((await importFeed("crediticio", feed, "2026-01-01", [debtRow(X, "00011", 1), debtRow(Y, "00011", 1), debtRow(Z, "00011", 1)])).snapshot_id);
  });

  it("records nothing when an import changes no watched CUIT", async () => {
    const before = (await events(a)).body.cursor as string;
    const same = await importFeed("crediticio", feed, "2026-01-02", [debtRow(X, "00011", 1), debtRow(Y, "00011", 1), debtRow(Z, "00011", 1), debtRow(cuitFrom(91_000_099), "00011", 5)]);
    await scanned(same.snapshot_id);
    const after = await events(a, `?desde=${before}`);
    expect(after.status).toBe(200);
    expect(after.body.items).toEqual([]);
    expect(after.body.cursor).toBe(before);
  });

  it("records one event per watching account, with the section's line and severity, after an import that changes a watched CUIT", async () => {
    const cursorA = (await events(a)).body.cursor as string;
    const cursorB = (await events(b)).body.cursor as string;
    const moved = await importFeed("crediticio", feed, "2026-01-03", [debtRow(X, "00011", 3), debtRow(Y, "00011", 1), debtRow(Z, "00011", 1)]);
    await scanned(moved.snapshot_id);
    const page = await events(a, `?desde=${cursorA}`);
    expect(page.body.items).toHaveLength(1);
    expect(page.body.items[0]).toMatchObject({
      tipo: "monitoreo.cambio",
      cuit: X,
      severidad: "alta",
      datos: {
        etiqueta: "Proveedor X",
        fuente: "crediticio",
        snapshot_date: "2026-01-03",
        actualizacion_costo_unidades: 50,
        secciones: [{ seccion: "crediticio", resumen: "Situación BCRA pasó de 1 a 3 en BANCO 00011", severidad: "alta" }],
      },
    });
    // B watches only Z, which did not change: none of A's events reaches it.
    expect((await events(b, `?desde=${cursorB}`)).body.items).toEqual([]);
    const list = await call(listWatch, "/v1/watchlist", { ip: ipOf(a), headers: bearer(a.key) });
    expect(list.body).toMatchObject({ total: 2, limite: 1000 });
    const x = list.body.items.find((w: { cuit: string }) => w.cuit === X);
    expect(x.ultimo_cambio).toMatchObject({ severidad: "alta", resumen: "Situación BCRA pasó de 1 a 3 en BANCO 00011" });
  });

  it("records a new sanctions-list match of a watched CUIT as alta, matched by document or by the padrón's name", async () => {
    const cursor = (await events(a)).body.cursor as string;
    const entry = (uid: string, nombre: string, documento: string | null) => ({
      lista: "ONU",
      entry_uid: uid,
      nombre,
      claves_nombre: nameKey(nombre),
      tipo_entrada: "entidad",
      claves_documento: documento,
    });
    // A demo taxpayer whose padrón name the new entry carries, without any document.
    const db = await getDb();
    const [padron] = await db.execute<{ cuit: string; denominacion: string; tipo_persona: string }>(
      sql`select cuit, denominacion, tipo_persona from src_identidad where tipo_persona = 'JURIDICA' order by cuit limit 1`,
    );
    await watch(a, padron.cuit);
    const base = await importFeed("screening", "test-screening", "2026-01-01", [entry("1", "ALGUIEN MAS", null)]);
    await scanned(base.snapshot_id);
    const listed = await importFeed("screening", "test-screening", "2026-01-02", [
      entry("1", "ALGUIEN MAS", null),
      entry("2", "OTRA COSA", `CUIT:${Y}`),
      entry("3", padron.denominacion, null),
    ]);
    await scanned(listed.snapshot_id);
    const page = await events(a, `?desde=${cursor}`);
    expect(page.body.items).toHaveLength(2);
    expect(page.body.items.find((e: { cuit: string }) => e.cuit === Y)).toMatchObject({
      severidad: "alta",
      datos: { secciones: [{ seccion: "screening", resumen: "Nueva coincidencia en lista ONU (OTRA COSA)", severidad: "alta" }] },
    });
    expect(page.body.items.find((e: { cuit: string }) => e.cuit === padron.cuit)).toMatchObject({
      severidad: "alta",
      datos: { secciones: [{ seccion: "screening", resumen: `Nueva coincidencia en lista ONU (${padron.denominacion})` }] },
    });
  });

  it("pages the feed with its cursor, never repeating an event", async () => {
    const all = (await events(a, "?limit=500")).body.items as { evento_id: string }[];
    expect(all.length).toBeGreaterThanOrEqual(3);
    const seen: string[] = [];
    let cursor = "";
    for (;;) {
      const page = await events(a, `?limit=1${cursor ? `&desde=${cursor}` : ""}`);
      seen.push(...page.body.items.map((e: { evento_id: string }) => e.evento_id));
      cursor = page.body.cursor;
      if (!page.body.has_more) break;
    }
    expect(seen).toEqual(all.map((e) => e.evento_id));
    expect((await events(a, "?limit=0")).body).toMatchObject({ error: "parametro_invalido", parameter: "limit" });
    expect((await events(a, "?desde=abc")).body).toMatchObject({ error: "parametro_invalido", parameter: "desde" });
  });

  it("compares two real reports of a CUIT: fields changed and lenders added or gone, free, isolated by account", async () => {
    const W = cuitFrom(91_000_010);
    await watch(a, W);
    await importFeed("crediticio", feed, "2026-01-04", [debtRow(W, "00011", 1), debtRow(W, "00022", 2)]);
    const first = await generate(a, W);
    expect(first.status).toBe(200);
    await importFeed("crediticio", feed, "2026-01-05", [debtRow(W, "00011", 4, 900), debtRow(W, "00033", 1)]);
    const second = await generate(a, W);
    expect(second.body.tipo_accion).toBe("actualizacion");
    const id = second.body.informe_id as string;
    const diff = await call(getChanges, `/v1/reports/${id}/changes`, { ip: ipOf(a), headers: bearer(a.key), params: { id } });
    expect(diff.status).toBe(200);
    expect(diff.body).toMatchObject({ informe_id: id, contra_id: first.body.informe_id, cuit: W, sin_cambios: false });
    expect(diff.body.campos).toContainEqual(expect.objectContaining({ seccion: "crediticio", etiqueta: "Peor situación", antes: "2 - Con seguimiento especial / Riesgo bajo", cambio: "cambiado" }));
    expect(diff.body.entidades.agregados.map((e: { entidad_codigo: string }) => e.entidad_codigo).sort()).toEqual(["00011", "00033"]);
    expect(diff.body.entidades.quitados.map((e: { entidad_codigo: string }) => e.entidad_codigo).sort()).toEqual(["00011", "00022"]);
    // The same comparison named explicitly, and nothing against itself.
    const contra = await call(getChanges, `/v1/reports/${id}/changes?contra=${first.body.informe_id}`, { ip: ipOf(a), headers: bearer(a.key), params: { id } });
    expect(contra.body.campos).toEqual(diff.body.campos);
    const self = await call(getChanges, `/v1/reports/${id}/changes?contra=${id}`, { ip: ipOf(a), headers: bearer(a.key), params: { id } });
    expect(self.body).toMatchObject({ error: "parametro_invalido", parameter: "contra" });
    const foreign = await call(getChanges, `/v1/reports/${id}/changes`, { ip: ipOf(b), headers: bearer(b.key), params: { id } });
    expect(foreign.status).toBe(404);
    const none = await call(getChanges, `/v1/reports/${first.body.informe_id}/changes`, { ip: ipOf(a), headers: bearer(a.key), params: { id: first.body.informe_id } });
    expect(none.status).toBe(404);
  });

  it("records informe.generado in the feed for every generation", async () => {
    const generated = (await events(a, "?tipo=informe.generado&limit=500")).body.items as { datos: { informe_id: string } }[];
    expect(generated.length).toBeGreaterThanOrEqual(2);
  });
});

describe("account events", () => {
  it("records saldo.bajo once, when a report's debit takes the balance below the account's threshold", async () => {
    const a = await newAccount({ plan: "ultimate" });
    const db = await getDb();
    const [{ saldo }] = await db.execute<{ saldo: number }>(sql`select cupo_available + comprado_available as saldo from balances where account_id = ${a.accountId}`);
    await setLowBalanceThreshold(db, a.accountId, saldo - 100);
    const { ok } = await demoCuits();
    await generate(a, ok[0]);
    await generate(a, ok[1]);
    const low = (await events(a, "?tipo=saldo.bajo")).body.items;
    expect(low).toHaveLength(1);
    expect(low[0]).toMatchObject({ tipo: "saldo.bajo", datos: { saldo_unidades: saldo - 200, umbral_unidades: saldo - 100 } });
  });

  it("renews the allotment before the first debit of a new month, and judges saldo.bajo on the balance that debit leaves", async () => {
    const clock = useFakeTime(localTime("2030-05-20T12:00:00"));
    try {
      const a = await newAccount({ plan: "ultimate" });
      const db = await getDb();
      // May's allotment is nearly spent; June's renewal brings it back to 20,000, and one report takes it to 19,800.
      await db.execute(sql`update balances set cupo_available = 500, cupo_used = 19500 where account_id = ${a.accountId}`);
      await db.execute(sql`insert into ledger_entries (account_id, pocket, kind, delta, report_id) values (${a.accountId}, 'cupo', 'report_debit', -19500, 'inf_test')`);
      await setLowBalanceThreshold(db, a.accountId, 19_900);
      clock.set(localTime("2030-06-01T09:00:00"));
      const { ok } = await demoCuits();
      const { status, body } = await generate(a, ok[0]);
      expect(status).toBe(200);
      expect(body.costo_unidades).toBe(200);

      const ledger = await ledgerOf(a.accountId);
      expect(ledger.slice(-3).map(({ pocket, kind, delta }) => ({ pocket, kind, delta }))).toEqual([
        { pocket: "cupo", kind: "allotment_expire", delta: -500 },
        { pocket: "cupo", kind: "allotment_grant", delta: 20_000 },
        { pocket: "cupo", kind: "report_debit", delta: -200 },
      ]);
      const sums = await ledgerAndBalance(a.accountId);
      expect(sums.ledger).toEqual(sums.balance);
      const low = (await events(a, "?tipo=saldo.bajo")).body.items;
      expect(low).toHaveLength(1);
      expect(low[0]).toMatchObject({ datos: { saldo_unidades: 19_800, umbral_unidades: 19_900 } });
    } finally {
      clock.restore();
    }
  });

  it("records lote.completado when a batch completes", async () => {
    const a = await newAccount({ plan: "ultimate" });
    const { ok } = await demoCuits();
    const { body } = await createBatch(await getDb(), await callerOf(a), { entries: ok.slice(0, 2), idempotencyKey: randomUUID() });
    await processBatch(body.lote_id);
    const done = (await events(a, "?tipo=lote.completado")).body.items;
    expect(done).toEqual([expect.objectContaining({ tipo: "lote.completado", datos: { lote_id: body.lote_id, total: 2 } })]);
  });
});

describe("watchlist", () => {
  it("enforces the plan's limit: 403 tier_required without monitoring, 409 with the limit past it", async () => {
    const free = await newAccount({ plan: "free" });
    const refused = await call(postWatch, "/v1/watchlist", { method: "POST", ip: ipOf(free), headers: { cookie: free.cookie, origin: "http://localhost:3000" }, body: { cuit: cuitFrom(1) } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: "tier_required", required_tier: "pro", current_tier: "free" });

    const pro = await newAccount({ plan: "pro" });
    const db = await getDb();
    const distinct = new Set<string>();
    for (let i = 0; distinct.size < 105; i++) distinct.add(cuitFrom(92_000_000 + i));
    const bulk = await watchMany(db, pro.accountId, 100, [...distinct].map((entrada) => ({ entrada })));
    expect(bulk).toMatchObject({ agregados: 100, existentes: 0 });
    expect(bulk.excedidos).toHaveLength(5);
    const past = await call(postWatch, "/v1/watchlist", { method: "POST", ip: ipOf(pro), headers: { cookie: pro.cookie, origin: "http://localhost:3000" }, body: { cuit: cuitFrom(93_000_000) } });
    expect(past.status).toBe(409);
    expect(past.body).toMatchObject({ error: "limite_monitoreo", limite: 100, actuales: 100 });
    // Re-watching one already watched is no new CUIT: it passes and updates the label.
    const again = await call(postWatch, "/v1/watchlist", { method: "POST", ip: ipOf(pro), headers: { cookie: pro.cookie, origin: "http://localhost:3000" }, body: { cuit: cuitFrom(92_000_000), etiqueta: "Cliente" } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ creado: false, etiqueta: "Cliente" });
  });

  it("resolves a DNI, refuses an invalid CUIT, and removes only the account's own", async () => {
    const a = await newAccount({ plan: "ultimate" });
    const b = await newAccount({ plan: "ultimate" });
    expect((await watch(a, "30-50001091-1")).body).toMatchObject({ error: "cuit_invalido" });
    const [dni] = (await demoCuits()).dni;
    const byDni = await watch(a, dni);
    expect(byDni.status).toBe(201);
    expect(byDni.body.cuit.slice(2, 10)).toBe(dni.padStart(8, "0"));
    const cuit = cuitFrom(94_000_001);
    await watch(a, cuit);
    const del = (who: TestAccount) => call(deleteWatch, `/v1/watchlist/${cuit}`, { method: "DELETE", ip: ipOf(who), headers: bearer(who.key), params: { cuit } });
    expect((await del(b)).status).toBe(404);
    const gone = await del(a);
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ cuit, eliminado: true });
    expect((await del(a)).status).toBe(404);
  });
});
