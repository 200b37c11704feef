import { describe, expect, it } from "vitest";
import type { Tx } from "@/db/client";
import { SOURCES } from "@/lib/sources/registry";
import { field, fixture, importInto, report } from "../helpers/formats";
import { inRollback, loadWorld, padronRow } from "./engine-fixtures";

const PAMPA = padronRow("30781000058", { denominacion: "PAMPA LOGISTICA S.R.L." });
const GOMEZ = padronRow("27481000047", { denominacion: "GOMEZ MARIA LAURA", tipoPersona: "FISICA" });
// Two taxpayers whose names normalize alike: a titular with that name cannot be linked to either.
const HOMONIMOS = [padronRow("30781000066", { denominacion: "HOMONIMO S.A." }), padronRow("30781000031", { denominacion: "HOMONIMO S.R.L." })];

const padron = (tx: Tx) => loadWorld(tx, { identidad: [PAMPA, GOMEZ, ...HOMONIMOS] }, "2999-01-01", ["identidad", "marcas", "concursos"]);

describe("inpi-marcas: INPI's lookup rows, linked to the padrón by the titular's name", () => {
  it("loads the marks of titulares that match one taxpayer, and reports unknown and ambiguous ones as bad lines", async () => {
    const { result, r } = await inRollback(async (tx) => {
      await padron(tx);
      const result = await importInto(tx, "inpi-marcas", [fixture("inpi-marcas.json")], { maxBadLines: 5 });
      return { result, r: await report(tx, PAMPA.cuit) };
    });
    expect(result).toMatchObject({ source: "marcas", feed: "inpi", format: "inpi-marcas", rows: 2 });
    expect(result.bad_lines).toEqual([
      {
        file: "inpi-marcas.json",
        line: 3,
        column: "Titulares",
        reason: 'el titular "Desconocida Inexistente S.A." no figura en el padrón con ese nombre; la marca no se vincula a un CUIT',
      },
      {
        file: "inpi-marcas.json",
        line: 4,
        column: "Titulares",
        reason: 'el titular "Homónimo S.A." coincide con 2 CUIT del padrón (30-78100003-1, 30-78100006-6); no se vincula',
      },
    ]);
    expect(r.sections.marcas).toMatchObject({ status: "ok", source: SOURCES.marcas.datasetId, snapshot_date: "2999-06-01" });
    expect(r.sections.marcas!.marcas).toEqual([
      { acta: "3456791", denominacion: "PAMPA EXPRESS", clase_niza: 39, titular: "PAMPA LOGISTICA SRL", tipo_marca: "MIXTA", estado: "EN TRAMITE", fecha_solicitud: "2017-07-13", fecha_vencimiento: null },
      { acta: "3456789", denominacion: "ÑANDÚ", clase_niza: 30, titular: "Pampa Logística S.R.L.", tipo_marca: "DENOMINATIVA", estado: "CONCEDIDA", fecha_solicitud: "2015-06-01", fecha_vencimiento: "2025-06-01" },
    ]);
    expect(field(r, "marcas", "Marcas registradas")).toBe("2");
    expect(field(r, "marcas", "Marcas concedidas")).toBe("1");
    expect(field(r, "marcas", "Marcas en trámite")).toBe("1");
    expect(field(r, "marcas", "Clases de Niza")).toBe("30, 39");
  });

  it("names its layout when the file is not INPI's rows", async () => {
    await expect(inRollback((tx) => importInto(tx, "inpi-marcas", [fixture("bo-concursos.jsonl")]))).rejects.toMatchObject({
      code: "formato_invalido",
      message: expect.stringContaining("inpi-marcas"),
    });
  });
});

describe("bo-concursos: Boletín Oficial notices read by rules", () => {
  it("reads CUIT, kind, court, debtor, dates, case and trustee; one proceeding per edict; a notice without CUIT is reported", async () => {
    const { result, pampa, gomez } = await inRollback(async (tx) => {
      await padron(tx);
      const result = await importInto(tx, "bo-concursos", [fixture("bo-concursos.jsonl")], { maxBadLines: 1 });
      return { result, pampa: await report(tx, PAMPA.cuit), gomez: await report(tx, GOMEZ.cuit) };
    });
    expect(result).toMatchObject({ source: "concursos", feed: "boletin-oficial", format: "bo-concursos", rows: 3 });
    expect(result.bad_lines).toEqual([{ file: "bo-concursos.jsonl", line: 4, column: "texto", reason: "no se encontró un CUIT en el aviso A1234600" }]);
    expect(pampa.sections.concursos!.concursos).toEqual([
      {
        tipo_proceso: "CONCURSO PREVENTIVO",
        juzgado: "JUZGADO NACIONAL DE PRIMERA INSTANCIA EN LO COMERCIAL N° 12",
        secretaria: "SECRETARIA N° 23",
        expediente: "COM 1234/2025",
        fecha_apertura: "2025-03-10",
        sindico: "CDOR. JUAN PÉREZ",
        estado: "ABIERTO",
        jurisdiccion: "CIUDAD AUTONOMA BUENOS AIRES",
        monto_pasivo: null,
      },
    ]);
    expect(field(pampa, "concursos", "Procesos concursales o de quiebra")).toBe("1");
    expect(field(pampa, "concursos", "Aviso del Boletín Oficial")).toBe("A1234568 del 2025-03-13");
    expect(gomez.sections.concursos!.concursos).toEqual([
      {
        tipo_proceso: "QUIEBRA",
        juzgado: "JUZGADO CIVIL Y COMERCIAL N° 3 DE LA PLATA",
        secretaria: "SECRETARIA N° 2",
        expediente: "LP 5678/2025",
        fecha_apertura: "2025-04-01",
        sindico: "CDORA. ANA LÓPEZ",
        estado: "DECRETADA",
        jurisdiccion: "DEPARTAMENTO JUDICIAL LA PLATA",
        monto_pasivo: null,
      },
    ]);
    expect(field(gomez, "concursos", "Aviso del Boletín Oficial")).toBe("A1234590 del 2025-04-04");
    expect(gomez.sections.concursos).toMatchObject({ status: "ok" });
  });
});
