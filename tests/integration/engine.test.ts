import { and, eq, getTableName, inArray, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb, type DbOrTx } from "@/db/client";
import {
  sourceSnapshots,
  srcCheques,
  srcComex,
  srcConcursos,
  srcCrediticio,
  srcIdentidad,
  srcMarcas,
  srcRiesgoFiscal,
} from "@/db/schema";
import { runEngine, SECTION_KEYS, type EngineReport } from "@/lib/engine";
import { readTogether } from "@/lib/engine/lookup";
import { ENGINE_SOURCES } from "@/lib/engine/sources";
import { REASONS } from "@/lib/engine/status";
import {
  comexSectionSchema,
  concursosSectionSchema,
  crediticioSectionSchema,
  marcasSectionSchema,
  riesgoFiscalSectionSchema,
  sectionSchema,
  sectionsSchema,
} from "@/lib/schemas/sections";
import { SOURCES } from "@/lib/sources/registry";
import { currentSnapshots, reportSnapshots } from "@/lib/sources/snapshots";
import { concursoRow, deudaRow, freshCuit, inRollback, loadWorld, marcaRow, padronRow } from "./engine-fixtures";

const SCHEMA_OF = {
  identidad: sectionSchema,
  crediticio: crediticioSectionSchema,
  cheques: sectionSchema,
  screening: sectionSchema,
  comex: comexSectionSchema,
  riesgoFiscal: riesgoFiscalSectionSchema,
  marcas: marcasSectionSchema,
  concursos: concursosSectionSchema,
};

const statuses = (r: EngineReport) => Object.fromEntries(Object.entries(r.sections).map(([k, s]) => [k, s.status]));
const allOk = Object.fromEntries(SECTION_KEYS.map((k) => [k, "ok"]));

afterEach(() => {
  delete process.env.ENGINE_FAULTS;
});

describe("engine on the demo data", () => {
  it("builds every section of known CUITs in the exact shape the API returns", async () => {
    const db = await getDb();
    const sample = await db.execute<{ cuit: string }>(sql`
      select cuit from ${srcIdentidad} where snapshot_id = (
        select id from ${sourceSnapshots} where source = 'identidad' order by snapshot_date desc, id desc limit 1
      ) order by md5(cuit) limit 60`);
    const snapshots = await currentSnapshots(db);
    const seen = new Set<string>();
    for (const { cuit } of sample) {
      const report = await runEngine(db, cuit);
      expect(report.cuit).toBe(cuit);
      expect(["ok", "parcial"]).toContain(report.status);
      expect(report.denominacion_origen).toBe("padron");
      expect(() => sectionsSchema.parse(report.sections)).not.toThrow();
      for (const key of SECTION_KEYS) {
        const section = report.sections[key]!;
        expect(() => SCHEMA_OF[key].parse(section)).not.toThrow();
        expect(section.source).toBe(SOURCES[key].datasetId);
        expect(section.snapshot_date).toBe(snapshots.get(key)!.snapshotDate);
        for (const field of section.fields) {
          expect(field.fuente_dataset_id).toBe(SOURCES[key].datasetId);
          expect(field.snapshot_date).toBe(section.snapshot_date);
        }
        seen.add(`${key}:${section.status}`);
      }
      expect(Date.parse(report.generated_at)).not.toBeNaN();
    }
    // The sample is large enough to meet both outcomes of the padrón.
    expect(seen).toContain("identidad:ok");
  });

  it("reads the current snapshots by a statement prepared once per connection, not parsed on every report", async () => {
    const prepared = await inRollback(async (tx) => {
      for (let i = 0; i < 3; i++) await Promise.all([currentSnapshots(tx), reportSnapshots(tx)]);
      return tx.execute<{ n: number }>(sql`
        select count(*)::int as n from pg_prepared_statements where statement like '%distinct on (source, feed)%'`);
    });
    // The plain read and a report's (which also sets the transaction's plan mode), each prepared once.
    expect(prepared).toEqual([{ n: 2 }]);
  });

  it("reads a report's snapshots as the plain read does, and runs the rest of its transaction on generic plans", async () => {
    const mode = (db: DbOrTx) => db.execute<{ mode: string }>(sql`select current_setting('plan_cache_mode') as mode`);
    const [plain, report, before, after] = await inRollback(async (tx) => {
      const before = await mode(tx);
      const [plain, report] = await Promise.all([currentSnapshots(tx), reportSnapshots(tx)]);
      return [plain, report, before, await mode(tx)] as const;
    });
    expect(report).toEqual(plain);
    expect(report.size).toBeGreaterThan(0);
    expect(before).toEqual([{ mode: "auto" }]);
    expect(after).toEqual([{ mode: "force_generic_plan" }]);
    expect(await mode(await getDb())).toEqual([{ mode: "auto" }]);
  });

  const TABLES = {
    identidad: srcIdentidad,
    crediticio: srcCrediticio,
    cheques: srcCheques,
    comex: srcComex,
    riesgoFiscal: srcRiesgoFiscal,
    marcas: srcMarcas,
    concursos: srcConcursos,
  } as const;

  it("reads the seven table sources with one statement, the screening with its own", async () => {
    const statements = await inRollback(async (tx) => {
      await runEngine(tx, freshCuit(40));
      return tx.execute<{ statement: string }>(sql`select statement from pg_prepared_statements where statement like '%from "src_%'`);
    });
    const tables = statements.map((s) => Object.values(TABLES).filter((t) => s.statement.includes(`from "${getTableName(t)}"`)).length);
    expect(tables).toEqual([7]);
  });

  it("hands each table source the rows drizzle reads, value for value, newest feed first", async () => {
    const compared = await inRollback(async (tx) => {
      const snapshots = await currentSnapshots(tx);
      let rows = 0;
      for (const [key, table] of Object.entries(TABLES) as [keyof typeof TABLES, (typeof TABLES)[keyof typeof TABLES]][]) {
        const ids = snapshots.get(key)!.ids;
        const cuits = await tx.selectDistinct({ cuit: table.cuit }).from(table).where(inArray(table.snapshotId, ids)).orderBy(table.cuit).limit(20);
        const read = readTogether([[key, ENGINE_SOURCES[key].table!]]);
        for (const { cuit } of cuits) {
          const together = (await read(tx, cuit, () => ids)).get(key)!;
          const drizzle = await tx.select().from(table).where(and(inArray(table.snapshotId, ids), eq(table.cuit, cuit)));
          const sorted = (r: readonly unknown[]) => r.map((x) => JSON.stringify(x)).sort();
          expect(sorted(together)).toEqual(sorted(drizzle));
          expect(together.map((r) => (r as { snapshotId: number }).snapshotId)).toEqual(
            [...together.map((r) => (r as { snapshotId: number }).snapshotId)].sort((a, b) => ids.indexOf(a) - ids.indexOf(b)),
          );
          rows += together.length;
        }
      }
      return rows;
    });
    expect(compared).toBeGreaterThan(100);
  });
});

describe("status rules", () => {
  it("is ok when the padrón knows the CUIT and every list source answers, even with nothing found", async () => {
    const cuit = freshCuit(1);
    const report = await inRollback(async (tx) => {
      await loadWorld(tx, { identidad: [padronRow(cuit)] });
      return runEngine(tx, cuit);
    });
    expect(report.status).toBe("ok");
    expect(statuses(report)).toEqual(allOk);
    expect(report.denominacion).toBe("PAMPA LOGISTICA S.R.L.");
    expect(report.denominacion_origen).toBe("padron");
    expect(report.sections.crediticio!.entidades).toEqual([]);
    expect(report.sections.comex!.comex).toEqual({ es_importador: false, es_exportador: false, ultimo_anio: null, actividad: [] });
    expect(report.sections.riesgoFiscal!.riesgoFiscal).toEqual({ en_listas: false, listas: [] });
    expect(report.sections.marcas!.marcas).toEqual([]);
    expect(report.sections.concursos!.concursos).toEqual([]);
    expect(report.sections.cheques!.fields).toEqual([
      { label: "Cheques rechazados", value: "0", fuente_dataset_id: SOURCES.cheques.datasetId, snapshot_date: "2999-01-01" },
    ]);
  });

  it("fills the extra blocks of spec 2.4 from the rows", async () => {
    const cuit = freshCuit(2);
    const report = await inRollback(async (tx) => {
      await loadWorld(tx, {
        identidad: [padronRow(cuit)],
        crediticio: [deudaRow(cuit, { situacion: 3, diasAtraso: 120 }), deudaRow(cuit, { entidadCodigo: "00007", entidadNombre: "BANCO DE GALICIA Y BUENOS AIRES S.A.", monto: 10 })],
        comex: [{ cuit, anio: 2025, rol: "IMPORTADOR", operaciones: 12, montoFobUsd: 250000.5, capitulosNcm: "84;85", paisesPrincipales: "CN;BR" }],
        riesgoFiscal: [{ cuit, lista: "REPSAL", fechaPublicacion: "2026-01-15", detalle: "Sanción", montoAdeudado: null }],
        marcas: [marcaRow(cuit, "PAMPA LOGISTICA S.R.L.")],
        concursos: [concursoRow(cuit, "PAMPA LOGISTICA S.R.L.")],
        cheques: [{ cuit, numeroCheque: "12345678", fechaRechazo: "2026-05-02", monto: 150000, causal: "SIN FONDOS SUFICIENTES DISPONIBLES EN CUENTA", entidadCodigo: "00011", entidadNombre: "BANCO DE LA NACION ARGENTINA", estadoMulta: "IMPAGA" }],
        screening: [{ cuit, lista: "OFAC SDN", entryUid: "1", nombre: "PAMPA LOGISTICA", tipoEntrada: "entidad", programa: "SDGT", documentos: `C.U.I.T. ${cuit}`, clavesDocumento: `CUIT:${cuit}` }],
      });
      return runEngine(tx, cuit);
    });
    expect(report.status).toBe("ok");
    expect(() => sectionsSchema.parse(report.sections)).not.toThrow();
    expect(report.sections.crediticio!.entidades).toHaveLength(2);
    expect(report.sections.crediticio!.entidades![0]).toMatchObject({ entidad_codigo: "00007", situacion: 1, monto_miles_pesos: 10 });
    expect(report.sections.crediticio!.fields.find((f) => f.label === "Peor situación")!.value).toMatch(/^3 - /);
    expect(report.sections.comex!.comex).toMatchObject({ es_importador: true, es_exportador: false, ultimo_anio: 2025 });
    expect(report.sections.comex!.comex!.actividad[0]).toMatchObject({ capitulos_ncm: ["84", "85"], paises_principales: ["CN", "BR"], monto_fob_usd: 250000.5 });
    expect(report.sections.riesgoFiscal!.riesgoFiscal).toEqual({
      en_listas: true,
      listas: [{ lista: "REPSAL", fecha_publicacion: "2026-01-15", detalle: "Sanción", monto_adeudado: null, fecha_condicion: null }],
    });
    expect(report.sections.marcas!.marcas).toEqual([
      { acta: "3456789", denominacion: "ÑANDU", clase_niza: 30, titular: "PAMPA LOGISTICA S.R.L.", tipo_marca: null, estado: "CONCEDIDA", fecha_solicitud: "2015-06-01", fecha_vencimiento: null },
    ]);
    expect(report.sections.concursos!.concursos![0]).toMatchObject({ tipo_proceso: "CONCURSO PREVENTIVO", fecha_apertura: "2025-03-10" });
    expect(report.sections.cheques!.fields.find((f) => f.label === "Cheques sin pagar")!.value).toBe("1");
    expect(report.sections.screening!.fields[0].value).toBe("1");
  });

  it("is parcial when the padrón answers with fields missing, and names them", async () => {
    const cuit = freshCuit(3);
    const report = await inRollback(async (tx) => {
      await loadWorld(tx, { identidad: [padronRow(cuit, { domicilioCalle: null, actividadPrincipalCodigo: null })] });
      return runEngine(tx, cuit);
    });
    expect(report.status).toBe("parcial");
    expect(report.sections.identidad).toMatchObject({ status: "parcial", error_reason: REASONS.missing(["Actividad principal", "Domicilio fiscal"]) });
    expect(report.denominacion_origen).toBe("padron");
  });

  it("is no_resuelto, with every section unavailable, for a valid CUIT no source knows", async () => {
    const cuit = freshCuit(4);
    const report = await inRollback(async (tx) => {
      await loadWorld(tx, { identidad: [padronRow(freshCuit(5))] });
      return runEngine(tx, cuit);
    });
    expect(report.status).toBe("no_resuelto");
    for (const key of SECTION_KEYS) {
      expect(report.sections[key]).toMatchObject({ status: "no_disponible", error_reason: REASONS.unknownCuit, fields: [] });
    }
    expect(report.sections.crediticio!.entidades).toBeNull();
    expect(report.denominacion).toBeNull();
    expect(report.denominacion_origen).toBeNull();
  });

  it("is no_resuelto for an unknown CUIT of the demo data too", async () => {
    const report = await runEngine(await getDb(), freshCuit(6, "20"));
    expect(report.status).toBe("no_resuelto");
  });

  it("leaves out a section whose source was never loaded, so the report cannot be ok", async () => {
    const cuit = freshCuit(7);
    const report = await inRollback(async (tx) => {
      await loadWorld(tx, { identidad: [padronRow(cuit)] });
      const cheques = tx.select({ id: sourceSnapshots.id }).from(sourceSnapshots).where(eq(sourceSnapshots.source, "cheques"));
      await tx.delete(srcCheques).where(inArray(srcCheques.snapshotId, cheques));
      await tx.delete(sourceSnapshots).where(eq(sourceSnapshots.source, "cheques"));
      return runEngine(tx, cuit);
    });
    expect(report.sections.cheques).toBeUndefined();
    expect(Object.keys(report.sections)).toHaveLength(7);
    expect(report.status).toBe("parcial");
  });
});

describe("name fallback chain", () => {
  const world = (cuit: string) => ({
    concursos: [concursoRow(cuit, "NOMBRE DE CONCURSOS S.A.")],
    marcas: [marcaRow(cuit, "NOMBRE DE MARCAS S.A.")],
    crediticio: [deudaRow(cuit, { denominacion: "NOMBRE DE CENDEU S.A." })],
  });

  it("takes the padrón first", async () => {
    const cuit = freshCuit(10);
    const r = await inRollback(async (tx) => {
      await loadWorld(tx, { ...world(cuit), identidad: [padronRow(cuit, { denominacion: "NOMBRE DEL PADRON S.A." })] });
      return runEngine(tx, cuit);
    });
    expect([r.denominacion, r.denominacion_origen]).toEqual(["NOMBRE DEL PADRON S.A.", "padron"]);
  });

  it("then concursos, then marcas, then cendeu; the report is parcial without the padrón", async () => {
    const cuit = freshCuit(11);
    const results = await inRollback(async (tx) => {
      const all = world(cuit);
      const out = [];
      await loadWorld(tx, all, "2999-01-01");
      out.push(await runEngine(tx, cuit));
      await loadWorld(tx, { marcas: all.marcas, crediticio: all.crediticio }, "2999-01-02");
      out.push(await runEngine(tx, cuit));
      await loadWorld(tx, { crediticio: all.crediticio }, "2999-01-03");
      out.push(await runEngine(tx, cuit));
      await loadWorld(tx, { crediticio: [deudaRow(cuit, { denominacion: null })] }, "2999-01-04");
      out.push(await runEngine(tx, cuit));
      return out;
    });
    expect(results.map((r) => [r.denominacion, r.denominacion_origen])).toEqual([
      ["NOMBRE DE CONCURSOS S.A.", "concursos"],
      ["NOMBRE DE MARCAS S.A.", "marcas"],
      ["NOMBRE DE CENDEU S.A.", "cendeu"],
      [null, null],
    ]);
    for (const r of results) {
      expect(r.status).toBe("parcial");
      expect(r.sections.identidad).toMatchObject({ status: "no_disponible", error_reason: REASONS.notInRegister });
      expect(r.sections.crediticio!.status).toBe("ok");
    }
  });
});

describe("failing and slow sources", () => {
  it("makes a throwing source's section no_disponible and the report parcial, not an error", async () => {
    const cuit = freshCuit(20);
    const report = await inRollback(async (tx) => {
      await loadWorld(tx, { identidad: [padronRow(cuit)] });
      return runEngine(tx, cuit, { sources: { marcas: () => Promise.reject(new Error("INPI caído")) } });
    });
    expect(report.status).toBe("parcial");
    expect(report.sections.marcas).toMatchObject({ status: "no_disponible", error_reason: REASONS.error, fields: [], marcas: null });
    expect(JSON.stringify(report)).not.toContain("INPI caído");
    expect(statuses(report)).toEqual({ ...allOk, marcas: "no_disponible" });
  });

  it("treats rows a section cannot be built from as a failing source", async () => {
    const cuit = freshCuit(24);
    const report = await inRollback(async (tx) => {
      await loadWorld(tx, { identidad: [padronRow(cuit)] });
      return runEngine(tx, cuit, { sources: { crediticio: () => Promise.resolve([{ unexpected: true }]) } });
    });
    expect(report.status).toBe("parcial");
    expect(report.sections.crediticio).toMatchObject({ status: "no_disponible", error_reason: REASONS.error, entidades: null });
  });

  it("gives up on a slow source at its time budget", async () => {
    const cuit = freshCuit(21);
    const started = Date.now();
    const report = await inRollback(async (tx) => {
      await loadWorld(tx, { identidad: [padronRow(cuit)] });
      return runEngine(tx, cuit, { timeoutMs: 150, sources: { comex: () => new Promise(() => {}) } });
    });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(report.status).toBe("parcial");
    expect(report.sections.comex).toMatchObject({ status: "no_disponible", error_reason: REASONS.timeout(150), comex: null });
  });

  it("is no_resuelto when every source fails: nothing was delivered", async () => {
    const cuit = freshCuit(22);
    const failing = Object.fromEntries(SECTION_KEYS.map((k) => [k, () => Promise.reject(new Error("down"))]));
    const report = await inRollback(async (tx) => {
      await loadWorld(tx, { identidad: [padronRow(cuit)] });
      return runEngine(tx, cuit, { sources: failing });
    });
    expect(report.status).toBe("no_resuelto");
    expect(new Set(Object.values(statuses(report)))).toEqual(new Set(["no_disponible"]));
  });

  it("applies ENGINE_FAULTS on every call: one source times out, another throws", async () => {
    const cuit = freshCuit(23);
    const report = await inRollback(async (tx) => {
      await loadWorld(tx, { identidad: [padronRow(cuit)], concursos: [concursoRow(cuit, "X S.A.")] });
      const clean = await runEngine(tx, cuit, { timeoutMs: 100 });
      expect(clean.status).toBe("ok");
      process.env.ENGINE_FAULTS = "comex:slow,concursos:throw";
      return runEngine(tx, cuit, { timeoutMs: 100 });
    });
    expect(report.status).toBe("parcial");
    expect(report.sections.comex).toMatchObject({ status: "no_disponible", error_reason: REASONS.timeout(100) });
    expect(report.sections.concursos).toMatchObject({ status: "no_disponible", error_reason: REASONS.error });
    expect(statuses(report)).toEqual({ ...allOk, comex: "no_disponible", concursos: "no_disponible" });
  });
});

describe("snapshots", () => {
  it("reads the newest snapshot of each source: the greatest date, then the greatest id", async () => {
    const cuit = freshCuit(30);
    const names = await inRollback(async (tx) => {
      const out: (string | null)[] = [];
      await loadWorld(tx, { identidad: [padronRow(cuit, { denominacion: "PRIMERO S.A." })] }, "2999-02-01");
      out.push((await runEngine(tx, cuit)).denominacion);
      await loadWorld(tx, { identidad: [padronRow(cuit, { denominacion: "SEGUNDO S.A." })] }, "2999-02-01", ["identidad"]);
      out.push((await runEngine(tx, cuit)).denominacion);
      await loadWorld(tx, { identidad: [padronRow(cuit, { denominacion: "ANTERIOR S.A." })] }, "2999-01-15", ["identidad"]);
      out.push((await runEngine(tx, cuit)).denominacion);
      return out;
    });
    expect(names).toEqual(["PRIMERO S.A.", "SEGUNDO S.A.", "SEGUNDO S.A."]);
  });

  it("stamps each section and field with its own source's snapshot date", async () => {
    const cuit = freshCuit(31);
    const report = await inRollback(async (tx) => {
      await loadWorld(tx, { identidad: [padronRow(cuit)] }, "2999-03-01");
      await loadWorld(tx, { crediticio: [deudaRow(cuit)] }, "2999-03-05", ["crediticio"]);
      return runEngine(tx, cuit);
    });
    expect(report.status).toBe("ok");
    expect(report.sections.crediticio!.snapshot_date).toBe("2999-03-05");
    expect(report.sections.crediticio!.fields.every((f) => f.snapshot_date === "2999-03-05")).toBe(true);
    expect(report.sections.identidad!.snapshot_date).toBe("2999-03-01");
    expect(report.sections.identidad!.fields.every((f) => f.snapshot_date === "2999-03-01")).toBe(true);
  });
});
