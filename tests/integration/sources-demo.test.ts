import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import { createDb, getDb } from "@/db/client";
import { resolveCuitOrDni, validateCuit } from "@/lib/cuit";
import { runEngine } from "@/lib/engine";
import { generateDemoFiles } from "@/lib/sources/demo/generate";
import { loadDemoSources } from "@/lib/sources/demo/load-demo";
import { demoOutcomes } from "@/lib/sources/demo/outcomes";
import { FORMAT_NAMES } from "@/lib/sources/formats";
import { SOURCE_NAMES, SOURCES } from "@/lib/sources/registry";
import { currentSnapshots } from "@/lib/sources/snapshots";
import { runCli } from "../helpers/cli";
import { freshDatabase } from "./engine-fixtures";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "legajo-demo-test-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function current() {
  const db = await getDb();
  const snapshots = await currentSnapshots(db);
  return { db, id: (s: (typeof SOURCE_NAMES)[number]) => snapshots.get(s)!.id };
}

describe("the demo loaded at boot", () => {
  it("has every source loaded, and every CUIT in it has a valid check digit", async () => {
    const { db, id } = await current();
    for (const source of SOURCE_NAMES) {
      const rows = await db.execute<{ cuit: string }>(sql`select distinct cuit from ${SOURCES[source].table} where snapshot_id = ${id(source)}`);
      expect(rows.length, source).toBeGreaterThan(0);
      const invalid = rows.filter((r) => !validateCuit(r.cuit).ok);
      expect(invalid, source).toEqual([]);
    }
  });

  it("has realistic proportions: most debtors in situación 1, a few percent with rejected cheques, rare sanctions", async () => {
    const { db, id } = await current();
    const [c] = await db.execute<{ total: number; normal: number; debtors: number }>(sql`
      select count(*)::int as total, count(*) filter (where situacion = 1)::int as normal, count(distinct cuit)::int as debtors
      from src_crediticio where snapshot_id = ${id("crediticio")}`);
    const [p] = await db.execute<{ n: number; persons: number; companies: number; p23: number }>(sql`
      select count(*)::int as n,
             count(*) filter (where tipo_persona = 'FISICA')::int as persons,
             count(*) filter (where tipo_persona = 'JURIDICA')::int as companies,
             count(*) filter (where cuit like '23%')::int as p23
      from src_identidad where snapshot_id = ${id("identidad")}`);
    const count = async (source: "cheques" | "screening") =>
      (await db.execute<{ n: number }>(sql`select count(distinct cuit)::int as n from ${SOURCES[source].table} where snapshot_id = ${id(source)}`))[0].n;
    expect(c.normal / c.total).toBeGreaterThan(0.75);
    expect(c.debtors / p.n).toBeGreaterThan(0.4);
    expect((await count("cheques")) / p.n).toBeGreaterThan(0.01);
    expect((await count("cheques")) / p.n).toBeLessThan(0.1);
    expect((await count("screening")) / p.n).toBeLessThan(0.02);
    expect(p.persons).toBeGreaterThan(p.companies);
    expect(p.p23).toBeGreaterThan(0);
  });

  it("uses real company forms and the right prefixes for persons and companies", async () => {
    const { db, id } = await current();
    const rows = await db.execute<{ cuit: string; denominacion: string; tipo_persona: string }>(sql`
      select cuit, denominacion, tipo_persona from src_identidad where snapshot_id = ${id("identidad")}`);
    for (const r of rows) {
      if (r.tipo_persona === "JURIDICA") {
        expect(["30", "33", "34"]).toContain(r.cuit.slice(0, 2));
        expect(r.denominacion).toMatch(/ (S\.A\.|S\.R\.L\.|S\.A\.S\.)$/);
      } else {
        expect(["20", "23", "24", "27"]).toContain(r.cuit.slice(0, 2));
      }
    }
  });
});

describe("demo:cuits", () => {
  it("prints at least 25 CUITs of each outcome and 25 DNIs, each checked by running the engine", async () => {
    const result = await runCli(["demo:cuits"]);
    expect(result.code).toBe(0);
    const out = result.json as Record<"ok" | "parcial" | "no_resuelto" | "dni", string[]>;
    expect(Object.keys(out).sort()).toEqual(["dni", "no_resuelto", "ok", "parcial"]);
    for (const key of ["ok", "parcial", "no_resuelto", "dni"] as const) {
      expect(out[key].length, key).toBeGreaterThanOrEqual(25);
      expect(new Set(out[key]).size).toBe(out[key].length);
    }
    const db = await getDb();
    for (const status of ["ok", "parcial", "no_resuelto"] as const) {
      for (const cuit of out[status].slice(0, 8)) {
        expect(validateCuit(cuit).ok).toBe(true);
        expect((await runEngine(db, cuit)).status).toBe(status);
      }
    }
    const resolved: string[] = [];
    for (const dni of out.dni) {
      expect(dni).toMatch(/^\d{7,8}$/);
      const check = await resolveCuitOrDni(db, dni);
      expect(check.ok).toBe(true);
      if (!check.ok) continue;
      expect(check.cuit.slice(2, 10)).toBe(dni.padStart(8, "0"));
      resolved.push(check.cuit);
    }
    // Some of the DNIs need the 23-prefix rule.
    expect(resolved.some((c) => c.startsWith("23"))).toBe(true);
    for (const cuil of resolved.slice(0, 8)) expect((await runEngine(db, cuil)).status).not.toBe("no_resuelto");
  });
});

describe("the demo generator", () => {
  const hashes = (dir: string) => {
    const files = fs.readdirSync(dir).sort();
    return Object.fromEntries(files.map((f) => [f, crypto.createHash("sha256").update(fs.readFileSync(path.join(dir, f))).digest("hex")]));
  };
  const run = async (name: string, seed?: string) => {
    const dir = path.join(tmp, name);
    fs.mkdirSync(dir);
    const demo = await generateDemoFiles(dir, { cuits: 400, today: "2026-06-15", seed });
    return { demo, hashes: hashes(dir) };
  };

  it("is deterministic for a seed, size and day, and different for another seed", async () => {
    const a = await run("a");
    const b = await run("b");
    const c = await run("c", "another-seed");
    expect(b.hashes).toEqual(a.hashes);
    expect(c.hashes).not.toEqual(a.hashes);
    expect(Object.keys(a.hashes).length).toBeGreaterThanOrEqual(13);
  });

  it("writes every source in its publications' layouts, our own CSV only for comex and the padrón's addresses, dated with each publication's lag", async () => {
    const { demo } = await run("d");
    expect(new Set(demo.steps.map((s) => s.source))).toEqual(new Set(SOURCE_NAMES));
    for (const step of demo.steps) {
      expect(step.records, step.format).toBeGreaterThan(0);
      expect(step.snapshotDate <= "2026-06-15").toBe(true);
      expect(FORMAT_NAMES()).toContain(step.format);
    }
    expect(demo.steps.filter((s) => s.format === "legajo-csv").map((s) => s.source).sort()).toEqual(["comex", "identidad"]);
    expect(demo.steps.map((s) => s.format)).toEqual(expect.arrayContaining(["arca-padron", "bcra-padron", "bcra-deudas-api", "bcra-cheques-api", "repet", "arca-apoc", "inpi-marcas", "bo-concursos"]));
    const file = (name: string) => fs.readFileSync(path.join(demo.dir, name));
    // Fixed-width padrones: 51 characters (latin-1) and 220 bytes (Windows-1252), CRLF.
    expect(file("apellidoNombreDenominacion.txt").toString("latin1").split("\r\n")[0]).toHaveLength(51);
    expect(file("Padron_ARCA.txt").indexOf("\r\n")).toBe(220);
    expect(JSON.parse(file("deudas.jsonl").toString().split("\n")[0])).toMatchObject({ status: 200, results: { periodos: [{ entidades: expect.any(Array) }] } });
    expect(file("FacturasApocrifas.txt").subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(demo.steps.find((s) => s.format === "arca-padron")!.snapshotDate).toBe("2026-06-14");
  });
});

describe("the demo loaded through the importers", () => {
  it("has one snapshot of each published feed, with the padrón's three feeds merged in reports", async () => {
    // A database of its own: other test files add feeds of their own to the shared one.
    const fresh = await freshDatabase();
    const client = postgres(fresh.url, { max: 2, onnotice: () => {} });
    onTestFinished(async () => {
      await client.end();
      await fresh.drop();
    });
    const db = createDb(client);
    await loadDemoSources(db, { cuits: 300 });
    const feeds = await db.execute<{ source: string; feed: string }>(sql`select distinct source::text as source, feed from source_snapshots`);
    const bySource = (s: string) => feeds.filter((f) => f.source === s).map((f) => f.feed).sort();
    expect(bySource("identidad")).toEqual(["arca-padron", "bcra-padron", "legajo-csv"]);
    expect(bySource("crediticio")).toEqual(["bcra-deudores"]);
    expect(bySource("cheques")).toEqual(["bcra-cheques"]);
    expect(bySource("screening")).toEqual(expect.arrayContaining(["ofac", "repet"]));
    expect(bySource("riesgoFiscal")).toEqual(["arca-apoc"]);
    expect(bySource("marcas")).toEqual(["inpi"]);
    const { ok } = await demoOutcomes(db, 3);
    const report = await runEngine(db, ok[0]);
    const identidad = report.sections.identidad as { fields: { label: string; value: unknown }[] } | undefined;
    const labels = identidad?.fields.map((f) => f.label) ?? [];
    // From ARCA's padrón, BCRA's Padron_ARCA.txt and the address CSV.
    expect(labels).toEqual(expect.arrayContaining(["IVA", "Domicilio fiscal", "Dada de baja"]));
  });
});
