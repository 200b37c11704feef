import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { resolveCuitOrDni, validateCuit } from "@/lib/cuit";
import { runEngine } from "@/lib/engine";
import { generateDemoFiles } from "@/lib/sources/demo/generate";
import { SOURCE_NAMES, SOURCES } from "@/lib/sources/registry";
import { currentSnapshots } from "@/lib/sources/snapshots";
import { runCli } from "../helpers/cli";

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
  const run = (name: string, seed?: string) => {
    const dir = path.join(tmp, name);
    fs.mkdirSync(dir);
    return { demo: generateDemoFiles(dir, { cuits: 400, today: "2026-06-15", seed }), hashes: hashes(dir) };
  };

  it("is deterministic for a seed, size and day, and different for another seed", () => {
    const a = run("a");
    const b = run("b");
    const c = run("c", "another-seed");
    expect(b.hashes).toEqual(a.hashes);
    expect(c.hashes).not.toEqual(a.hashes);
    expect(Object.keys(a.hashes)).toHaveLength(8);
  });

  it("writes every source with rows, in the sources' own columns, dated with each publication's lag", () => {
    const { demo } = run("d");
    for (const source of SOURCE_NAMES) {
      const { file, rows, snapshotDate } = demo.files[source];
      expect(rows, source).toBeGreaterThan(0);
      expect(snapshotDate <= "2026-06-15").toBe(true);
      const headerLine = fs.readFileSync(file, "utf8").split("\n")[0];
      expect(headerLine.split(",")[0]).toBe("cuit");
    }
    expect(demo.files.identidad.snapshotDate).toBe("2026-06-14");
  });
});
