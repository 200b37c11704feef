import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { getDb, type Tx } from "@/db/client";
import { sourceSnapshots, srcIdentidad } from "@/db/schema";
import { runEngine } from "@/lib/engine";
import { currentSnapshot } from "@/lib/sources/snapshots";
import type { EngineReport } from "@/lib/engine";
import { createSourcePartition } from "@/lib/sources/load";
import { SOURCES } from "@/lib/sources/registry";
import { writeOfacSdn } from "@/lib/sources/formats/ofac-sdn";
import { writeRepet } from "@/lib/sources/formats/repet";
import { fixture, importInto, report } from "../helpers/formats";
import { inRollback, loadWorld, padronRow } from "./engine-fixtures";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "legajo-screening-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Taxpayers of the padrón the fixtures are written about (fresh CUITs, outside the demo's ranges). */
const PADRON = {
  perez: padronRow("20481000018", { denominacion: "PEREZ JUAN CARLOS", tipoPersona: "FISICA" }),
  gomez: padronRow("20481000034", { denominacion: "GOMEZ PEÑA JOSE MARIA", tipoPersona: "FISICA" }),
  roldan: padronRow("27481000047", { denominacion: "ROLDAN MARIANA INES", tipoPersona: "FISICA" }),
  masri: padronRow("20481000069", { denominacion: "KHALIL AL MASRI AHMAD", tipoPersona: "FISICA" }),
  comercial: padronRow("30781000015", { denominacion: "COMPAÑIA COMERCIAL DEL SUR S.A." }),
  rioParana: padronRow("30781000023", { denominacion: "RIO PARANA LOGISTICA S.R.L." }),
  nearMiss: padronRow("30781000031", { denominacion: "RIO PARANA LOGISTICA DEL NORTE S.A." }),
  // A person named like an entity of the lists: persons are only compared with persons.
  personLikeEntity: padronRow("20481000026", { denominacion: "COMPAÑIA COMERCIAL DEL SUR", tipoPersona: "FISICA" }),
};

const DATES = { un: "2999-06-01", repet: "2999-06-02", ofac: "2999-06-03" };

/** The padrón above and no other screening entries than the three lists' fixtures, each imported as its feed. */
async function world(tx: Tx) {
  await loadWorld(tx, { identidad: Object.values(PADRON) }, "2999-01-01", ["identidad", "screening"]);
  return {
    un: await importInto(tx, "un-consolidated", [fixture("un-consolidated.xml")], { date: DATES.un }),
    repet: await importInto(tx, "repet", [fixture("repet/personas.json"), fixture("repet/entidades.json")], { date: DATES.repet }),
    ofac: await importInto(tx, "ofac-sdn", [fixture("ofac/sdn.csv"), fixture("ofac/alt.csv"), fixture("ofac/add.csv")], { date: DATES.ofac }),
  };
}

/** The OFAC entity that the padrón name "RIO PARANA LOGISTICA S.R.L." matches, as its report shows it. */
const RIO_PARANA_OFAC = {
  label: "OFAC SDN 7002",
  value:
    "RIO PARANA LOGISTICA S.A. · coincidencia por nombre con RIO PARANA LOGISTICA S.R.L. · puntaje 1.00 · referencia 7002 · " +
    "programa SDGT; IFSR · alias RIO PARANA LOG; TRANSPORTES DEL LITORAL · lista OFAC SDN del 2999-06-03",
  snapshot_date: DATES.ofac,
};

const hits = (r: EngineReport) => r.sections.screening!.fields.slice(1).map((f) => ({ label: f.label, value: f.value, snapshot_date: f.snapshot_date }));

describe("screening: the UN, RePET and OFAC lists, each its own feed, matched at report time", () => {
  it("imports each list's published layout into entries of its own feed", async () => {
    const imports = await inRollback(world);
    expect(imports.un).toMatchObject({ source: "screening", feed: "un", format: "un-consolidated", rows: 3, bad_lines: [] });
    expect(imports.repet).toMatchObject({ source: "screening", feed: "repet", format: "repet", rows: 2, bad_lines: [] });
    expect(imports.ofac).toMatchObject({ source: "screening", feed: "ofac", format: "ofac-sdn", rows: 3, bad_lines: [] });
  });

  it("matches an OFAC entry by the C.U.I.T. in its remarks, citing the list, reference, score and the list's snapshot", async () => {
    const r = await inRollback(async (tx) => (await world(tx), report(tx, PADRON.perez.cuit)));
    expect(r.sections.screening).toMatchObject({ status: "ok", source: SOURCES.screening.datasetId });
    expect(r.sections.screening!.fields[0]).toMatchObject({ label: "Coincidencias en listas de sanciones", value: "1" });
    expect(hits(r)).toEqual([
      {
        label: "OFAC SDN 7001",
        value:
          "PEREZ, Juan Carlos · coincidencia por documento (C.U.I.T. 20-48100001-8 (Argentina)) · puntaje 1.00 · referencia 7001 · " +
          "programa SDNTK · nacionalidad Argentina · nacimiento 1970-01-13 · lista OFAC SDN del 2999-06-03",
        snapshot_date: DATES.ofac,
      },
    ]);
  });

  it("matches a UN entry by its Argentine D.N.I. against the CUIL's middle eight digits, with accented names", async () => {
    const r = await inRollback(async (tx) => (await world(tx), report(tx, PADRON.gomez.cuit)));
    expect(hits(r)).toEqual([
      {
        label: "ONU QDi.901",
        value:
          "JOSÉ MARÍA GÓMEZ PEÑA · coincidencia por documento (D.N.I. 48.100.003 (Argentina)) · puntaje 1.00 · referencia QDi.901 · " +
          "programa Al-Qaida · incluido el 2019-06-12 · nacionalidad Argentina · nacimiento 1970-01-13 · alias Pepe Gómez · lista ONU del 2999-06-01",
        snapshot_date: DATES.un,
      },
    ]);
  });

  it("matches a RePET person by her CUIT document once, with the dd/mm/yyyy dates read", async () => {
    const r = await inRollback(async (tx) => (await world(tx), report(tx, PADRON.roldan.cuit)));
    expect(hits(r)).toEqual([
      {
        label: "RePET ArI.00012",
        value:
          "Mariana Inés ROLDÁN · coincidencia por documento (CUIT 27-48100004-7 (Argentina)) · puntaje 1.00 · referencia ArI.00012 · " +
          "programa RePET · incluido el 2019-03-15 · nacionalidad Argentina · nacimiento 1981-11-02 · alias Marian Roldán · lista RePET del 2999-06-02",
        snapshot_date: DATES.repet,
      },
    ]);
  });

  it("matches by name in any word order, and a UN entity by one of its aliases", async () => {
    const [masri, comercial] = await inRollback(async (tx) => (await world(tx), Promise.all([report(tx, PADRON.masri.cuit), report(tx, PADRON.comercial.cuit)])));
    expect(hits(masri)).toEqual([
      {
        label: "ONU QDi.902",
        value:
          "AHMAD KHALIL AL-MASRI · coincidencia por nombre con KHALIL AL MASRI AHMAD · puntaje 1.00 · referencia QDi.902 · programa Al-Qaida · " +
          "incluido el 2011-04-21 · nacionalidad Egypt; Lebanon · nacimiento 1965 · alias أحمد خليل المصري · lista ONU del 2999-06-01",
        snapshot_date: DATES.un,
      },
    ]);
    expect(hits(comercial)).toEqual([
      {
        label: "ONU QDe.170",
        value:
          "AL-NUR TRADING COMPANY · coincidencia por nombre con COMPAÑIA COMERCIAL DEL SUR S.A. · puntaje 1.00 · referencia QDe.170 · " +
          "programa Al-Qaida · incluido el 2020-02-03 · alias Compañía Comercial del Sur; Al Nour Trading · lista ONU del 2999-06-01",
        snapshot_date: DATES.un,
      },
    ]);
  });

  it("matches an OFAC entity by name whatever its company form, with its malformed program and aliases read", async () => {
    const r = await inRollback(async (tx) => (await world(tx), report(tx, PADRON.rioParana.cuit)));
    expect(hits(r)).toEqual([RIO_PARANA_OFAC]);
  });

  it("finds nothing for a near miss below the threshold, nor for a person named like an entity: an authoritative ok", async () => {
    const [near, person] = await inRollback(async (tx) => (await world(tx), Promise.all([report(tx, PADRON.nearMiss.cuit), report(tx, PADRON.personLikeEntity.cuit)])));
    for (const r of [near, person]) {
      expect(r.sections.screening).toMatchObject({ status: "ok" });
      expect(r.sections.screening!.fields).toEqual([
        { label: "Coincidencias en listas de sanciones", value: "Sin coincidencias", fuente_dataset_id: SOURCES.screening.datasetId, snapshot_date: DATES.ofac },
      ]);
    }
  });

  it("matches by the name of the newest padrón feed that holds the CUIT", async () => {
    const r = await inRollback(async (tx) => {
      await world(tx);
      // A newer feed of the padrón names the near miss as the OFAC entity: that name, not the older one, is matched.
      const [snapshot] = await tx
        .insert(sourceSnapshots)
        .values({ source: "identidad", feed: "otro-padron", snapshotDate: "2999-02-01", rowCount: 1, fileName: "test" })
        .returning({ id: sourceSnapshots.id });
      await createSourcePartition(tx, "identidad", snapshot.id);
      await tx.insert(srcIdentidad).values({ ...padronRow(PADRON.nearMiss.cuit, { denominacion: "RIO PARANA LOGISTICA S.R.L." }), snapshotId: snapshot.id });
      return report(tx, PADRON.nearMiss.cuit);
    });
    expect(r.denominacion).toBe("RIO PARANA LOGISTICA S.R.L.");
    expect(hits(r)).toEqual([RIO_PARANA_OFAC]);
  });

  it("runs the lists' queries on their cached generic plans inside a transaction, instead of planning every call", async () => {
    const plans = await inRollback(async (tx) => {
      await world(tx);
      // First a CUIT the padrón does not hold: no name to match, and the setting made all the same.
      for (let i = 0; i < 6; i++) await report(tx, "20481000093");
      for (let i = 0; i < 8; i++) await report(tx, i % 2 ? PADRON.masri.cuit : PADRON.comercial.cuit);
      return tx.execute<{ generic: number; custom: number }>(sql`
        select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
         where statement like '%from src_screening e%'`);
    });
    // By document, and by name (the candidates, then the entries that matched: a statement of each per word count).
    expect(plans.length).toBeGreaterThanOrEqual(3);
    for (const p of plans) expect(p).toMatchObject({ custom: 0, generic: expect.any(Number) });
    // At least this test's: 14 reports by document, 8 names' candidates, 8 names' matched entries.
    expect(plans.reduce((n, p) => n + p.generic, 0)).toBeGreaterThanOrEqual(30);
  });

  it("replaces one list's entries only when that list is imported again", async () => {
    const later = path.join(tmp, "sdn.csv");
    const r = await inRollback(async (tx) => {
      await world(tx);
      // The next OFAC release drops entry 7001 (PEREZ); the UN list still holds GOMEZ.
      fs.writeFileSync(later, writeOfacSdn([{ lista: "OFAC SDN", entryUid: "7005", numeroReferencia: "7005", nombre: "OTRA EMPRESA S.A.", alias: [], tipoEntrada: "entidad", programa: "SDGT", fechaInclusion: null, documentos: [], nacionalidad: null, fechaNacimiento: null, observaciones: null }]).sdn);
      await importInto(tx, "ofac-sdn", [later], { date: "2999-06-10" });
      return Promise.all([report(tx, PADRON.perez.cuit), report(tx, PADRON.gomez.cuit)]);
    });
    expect(r[0].sections.screening!.fields[0].value).toBe("Sin coincidencias");
    expect(r[0].sections.screening!.snapshot_date).toBe("2999-06-10");
    expect(hits(r[1]).map((h) => [h.label, h.snapshot_date])).toEqual([["ONU QDi.901", DATES.un]]);
  });

  it("reads the entry a name matched whatever characters its list id holds", async () => {
    // Quotes, commas, braces, spaces and backslashes: each one means something in an array literal.
    const entryUid = `70,"06" {B}\\`;
    const files = writeRepet([{ lista: "RePET", entryUid, numeroReferencia: "ArI.00099", nombre: "JUAN CARLOS PEREZ", alias: [], tipoEntrada: "persona", programa: "RePET", fechaInclusion: null, documentos: [], nacionalidad: null, fechaNacimiento: null, observaciones: null }]);
    const [personas, entidades] = [path.join(tmp, "personas.json"), path.join(tmp, "entidades.json")];
    fs.writeFileSync(personas, files.personas);
    fs.writeFileSync(entidades, files.entidades);
    const r = await inRollback(async (tx) => {
      await world(tx);
      await importInto(tx, "repet", [personas, entidades], { date: "2999-06-10" });
      return report(tx, PADRON.perez.cuit);
    });
    expect(hits(r).map((h) => h.label)).toEqual(["OFAC SDN 7001", "RePET ArI.00099"]);
    expect(hits(r)[1].value).toBe("JUAN CARLOS PEREZ · coincidencia por nombre con PEREZ JUAN CARLOS · puntaje 1.00 · referencia ArI.00099 · programa RePET · lista RePET del 2999-06-10");
  });

  it("names the expected layout when a list file is not in it", async () => {
    await expect(inRollback((tx) => importInto(tx, "un-consolidated", [fixture("repet/personas.json")]))).rejects.toMatchObject({
      code: "formato_invalido",
      message: expect.stringContaining("un-consolidated"),
    });
    await expect(inRollback((tx) => importInto(tx, "ofac-sdn", [fixture("ofac/alt.csv")]))).rejects.toMatchObject({
      code: "formato_invalido",
      message: expect.stringContaining("falta sdn.csv"),
    });
  });
});

describe("screening on the demo data", () => {
  it("finds the demo's list entries for their taxpayers by the CUIT or CUIL among their documents", async () => {
    const db = await getDb();
    const snapshot = await currentSnapshot(db, "screening");
    const entries = await db.execute<{ cuit: string; lista: string }>(
      sql`select cuit, lista from src_screening where snapshot_id = any(${`{${snapshot!.ids.join(",")}}`}::int4[]) and cuit is not null order by cuit limit 5`,
    );
    expect(entries.length).toBeGreaterThan(0);
    for (const { cuit, lista } of entries) {
      const r = await runEngine(db, cuit);
      expect(r.sections.screening!.status).toBe("ok");
      expect(hits(r).some((h) => h.label.startsWith(lista) && h.value!.includes("coincidencia por documento"))).toBe(true);
    }
  });
});
