import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sectionsSchema } from "@/lib/schemas/sections";
import { arcaPadronLine } from "@/lib/sources/formats/arca-padron";
import { bcraPadronLine } from "@/lib/sources/formats/bcra-padron";
import { deudoresLine } from "@/lib/sources/formats/bcra-deudores";
import { CUITS, field, fixture, importInto, report, sevenZip } from "../helpers/formats";
import { inRollback } from "./engine-fixtures";

const { A, B, C, D } = CUITS;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "legajo-formats-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe("arca-padron: ARCA's condición tributaria file", () => {
  it.each([["the text file", "apellidoNombreDenominacion.txt"], ["the ZIP as published", "apellidoNombreDenominacion.zip"]])(
    "imports %s and decodes the tax codes into identidad",
    async (_name, file) => {
      const { result, a, b, c } = await inRollback(async (tx) => ({
        result: await importInto(tx, "arca-padron", [fixture(file)]),
        a: await report(tx, A),
        b: await report(tx, B),
        c: await report(tx, C),
      }));
      expect(result).toMatchObject({ source: "identidad", feed: "arca-padron", format: "arca-padron", rows: 3, bad_lines: [] });
      expect(field(a, "identidad", "CUIT")).toBe("30-78100001-5");
      expect(field(a, "identidad", "Denominación")).toBe("PAMPA ÑANDÚ LOGISTICA SRL");
      expect(field(a, "identidad", "Tipo de persona")).toBe("Persona jurídica");
      expect(field(a, "identidad", "Estado de la CUIT")).toBe("ACTIVO");
      expect(field(a, "identidad", "Impuesto a las ganancias")).toBe("ACTIVO");
      expect(field(a, "identidad", "IVA")).toBe("ACTIVO");
      expect(field(a, "identidad", "Monotributo")).toBe("No adherido");
      expect(field(a, "identidad", "Empleador")).toBe("Sí");
      expect(field(a, "identidad", "Integrante de sociedades")).toBe("No");
      // The record padded with NULs reads like the others.
      expect(field(b, "identidad", "Denominación")).toBe("MUÑOZ MARIA ELENA");
      expect(field(b, "identidad", "Tipo de persona")).toBe("Persona humana");
      expect(field(b, "identidad", "Impuesto a las ganancias")).toBe("NO INSCRIPTO");
      expect(field(b, "identidad", "Monotributo")).toBe("Categoría B");
      expect(field(b, "identidad", "Actividad de monotributo")).toBe("06");
      expect(field(c, "identidad", "Impuesto a las ganancias")).toBe("EXENTO");
      expect(field(c, "identidad", "IVA")).toBe("EXENTO NO ALCANZADO");
      expect(field(c, "identidad", "Integrante de sociedades")).toBe("Sí");
      expect(() => sectionsSchema.parse(a.sections)).not.toThrow();
    },
  );
});

describe("bcra-padron: BCRA's Padron_ARCA.txt", () => {
  it("imports the Windows-1252 file with the activities list, and the .7z as published", async () => {
    const archive = sevenZip(path.join(tmp, "20260801PADRON.7z"), [fixture("Padron_ARCA.txt"), fixture("Actividades_ARCA.txt")]);
    for (const files of [[fixture("Padron_ARCA.txt"), fixture("Actividades_ARCA.txt")], [archive]]) {
      const { result, a, b, c } = await inRollback(async (tx) => ({
        result: await importInto(tx, "bcra-padron", files),
        a: await report(tx, A),
        b: await report(tx, B),
        c: await report(tx, C),
      }));
      expect(result).toMatchObject({ source: "identidad", feed: "bcra-padron", rows: 3, bad_lines: [] });
      expect(field(a, "identidad", "Denominación")).toBe("PAMPA ÑANDÚ LOGÍSTICA S.R.L.");
      expect(field(a, "identidad", "Actividad principal")).toBe("494200 - SERVICIO DE TRANSPORTE AUTOMOTOR DE CARGAS N.C.P.");
      expect(field(a, "identidad", "Fecha de constitución")).toBe("2010-03-01");
      expect(field(a, "identidad", "Domicilio fiscal")).toBe("CIUDAD AUTONOMA DE BUENOS AIRES (CP C1043AAB)");
      expect(field(a, "identidad", "Dada de baja")).toBe("No");
      expect(field(b, "identidad", "Denominación")).toBe("MUÑOZ MARÍA ELENA");
      expect(field(b, "identidad", "Sexo")).toBe("Femenino");
      expect(field(b, "identidad", "Fecha de nacimiento")).toBe("1980-07-15");
      expect(field(b, "identidad", "Domicilio fiscal")).toBe("CORDOBA (CP X5000)");
      expect(field(c, "identidad", "Estado de la CUIT")).toBe("INACTIVO");
      expect(field(c, "identidad", "Dada de baja")).toBe("Sí, reemplazada por 30-78100101-1");
      expect(field(c, "identidad", "Fecha de fallecimiento")).toBe("2024-01-02");
      expect(field(c, "identidad", "Fecha de nacimiento")).toBeUndefined();
      expect(field(c, "identidad", "Actividad principal")).toBeNull();
    }
  });

  it("complements the ARCA padrón field by field: each feed's newest snapshot, the newest feed first", async () => {
    const a = await inRollback(async (tx) => {
      await importInto(tx, "arca-padron", [fixture("apellidoNombreDenominacion.txt")], { date: "2999-06-01" });
      await importInto(tx, "bcra-padron", [fixture("Padron_ARCA.txt"), fixture("Actividades_ARCA.txt")], { date: "2999-06-02" });
      return report(tx, A);
    });
    expect(field(a, "identidad", "Denominación")).toBe("PAMPA ÑANDÚ LOGÍSTICA S.R.L.");
    expect(field(a, "identidad", "IVA")).toBe("ACTIVO");
    expect(field(a, "identidad", "Empleador")).toBe("Sí");
    expect(field(a, "identidad", "Fecha de constitución")).toBe("2010-03-01");
    expect(a.sections.identidad?.snapshot_date).toBe("2999-06-02");
  });
});

describe("bcra-deudores: the Central de Deudores bulk file", () => {
  it("imports deudores.txt with Maeent.txt (and the .7z): comma decimals, lender names, flags; situación 9 is not a debt", async () => {
    const archive = sevenZip(path.join(tmp, "202607DEUDORES.7z"), [fixture("deudores.txt"), fixture("Maeent.txt")]);
    for (const files of [[fixture("deudores.txt"), fixture("Maeent.txt")], [archive]]) {
      const { result, a, c } = await inRollback(async (tx) => ({
        result: await importInto(tx, "bcra-deudores", files),
        a: await report(tx, A),
        c: await report(tx, C),
      }));
      expect(result).toMatchObject({ source: "crediticio", feed: "bcra-deudores", rows: 3, bad_lines: [] });
      expect(field(a, "crediticio", "Período informado")).toBe("2026-07");
      expect(field(a, "crediticio", "Entidades informantes")).toBe("2");
      expect(field(a, "crediticio", "Peor situación")).toBe("3 - Con problemas / Riesgo medio");
      expect(field(a, "crediticio", "Deuda total (miles de $)")).toBe("27169.8");
      expect(field(a, "crediticio", "Máximo de días de atraso")).toBe("95");
      expect(field(a, "crediticio", "BANCO DE GALICIA Y BUENOS AIRES S.A.U. (2026-07)")).toBe(
        "situación 3 - Con problemas / Riesgo medio · 12.8 miles de $ · 95 días de atraso · refinanciaciones",
      );
      const entidades = (a.sections.crediticio as { entidades: unknown[] }).entidades;
      expect(entidades).toContainEqual(
        expect.objectContaining({ entidad_codigo: "00011", entidad: "BANCO DE LA NACIÓN ARGENTINA", situacion: 1, monto_miles_pesos: 27157, dias_atraso: 0, en_revision: false }),
      );
      expect(c.sections.crediticio?.status).toBe("ok");
      expect((c.sections.crediticio as { entidades: unknown[] }).entidades).toEqual([
        expect.objectContaining({
          entidad: "BANCO MACRO S.A.",
          situacion: 5,
          monto_miles_pesos: 1500.7,
          dias_atraso: 400,
          refinanciaciones: true,
          recategorizacion_obligatoria: false,
          situacion_juridica: true,
          irrecuperable_disposicion_tecnica: true,
          proceso_judicial: true,
        }),
      ]);
    }
  });
});

describe("bcra-deudas-api: saved answers of Deudas and Deudas/Historicas", () => {
  it("imports the current period in full and 24 months of history; a 404 means no data", async () => {
    const { result, d } = await inRollback(async (tx) => ({ result: await importInto(tx, "bcra-deudas-api", [fixture("deudas.jsonl")]), d: await report(tx, D) }));
    // Two lenders in the current period; the history's copy of 2026-08 gives way to the fuller current answer.
    expect(result).toMatchObject({ source: "crediticio", feed: "bcra-deudores", rows: 6, bad_lines: [] });
    expect(d.denominacion).toBe("ACME SUDAMERICANA S A");
    expect(field(d, "crediticio", "Período informado")).toBe("2026-08");
    expect(field(d, "crediticio", "Peor situación")).toBe("2 - Con seguimiento especial / Riesgo bajo");
    expect(field(d, "crediticio", "Peor situación en los últimos 12 meses")).toBe("4 - Con alto riesgo de insolvencia / Riesgo alto");
    expect(field(d, "crediticio", "Peor situación en los últimos 24 meses")).toBe("5 - Irrecuperable");
    expect(field(d, "crediticio", "Períodos con historia")).toBe("5");
    expect(field(d, "crediticio", "BANCO DE LA PROVINCIA DE BUENOS AIRES (2026-08)")).toBe(
      "situación 1 - Normal · 27157 miles de $ · en situación 1 desde 2025-12-30",
    );
    expect((d.sections.crediticio as { entidades: unknown[] }).entidades).toEqual([
      expect.objectContaining({ entidad: "BANCO DE GALICIA Y BUENOS AIRES S.A.U.", situacion: 2, monto_miles_pesos: 1200.5, dias_atraso: 45, refinanciaciones: true, en_revision: true, fecha_sit1: null }),
      expect.objectContaining({ entidad: "BANCO DE LA PROVINCIA DE BUENOS AIRES", situacion: 1, fecha_sit1: "2025-12-30" }),
    ]);
    expect(() => sectionsSchema.parse(d.sections)).not.toThrow();
  });
});

describe("bcra-cheques-api: saved ChequesRechazados answers and the lender list", () => {
  it("imports each cheque with its causal, the lender's name, amounts, dates and the fine", async () => {
    const { result, d } = await inRollback(async (tx) => ({
      result: await importInto(tx, "bcra-cheques-api", [fixture("cheques-rechazados.json"), fixture("entidades.json")]),
      d: await report(tx, D),
    }));
    expect(result).toMatchObject({ source: "cheques", feed: "bcra-cheques", rows: 2, bad_lines: [] });
    expect(field(d, "cheques", "Cheques rechazados")).toBe("2");
    expect(field(d, "cheques", "Cheques sin pagar")).toBe("1");
    expect(field(d, "cheques", "Multas impagas")).toBe("1");
    expect(field(d, "cheques", "Cheque N° 12345678")).toBe(
      "rechazado el 2026-03-02 · SIN FONDOS · BANCO DE LA NACION ARGENTINA · $ 250000.5 · sin pagar · multa IMPAGA · librado por ACME SUDAMERICANA S A",
    );
    expect(field(d, "cheques", "Cheque N° 87654321")).toBe("rechazado el 2025-11-20 · DEFECTOS FORMALES · BANCO DE GALICIA Y BUENOS AIRES S.A.U. · $ 18000 · pagado el 2025-12-01");
    expect(d.sections.cheques?.status).toBe("ok");
  });
});

describe("arca-apoc: ARCA's base de facturas apócrifas", () => {
  it.each([["the text file", "FacturasApocrifas.txt"], ["its ZIP", "FacturasApocrifas.zip"]])(
    "imports %s: BOM, # header, hyphenated CUITs, dd/mm/yyyy, trailing comma and tab",
    async (_name, file) => {
      const { result, a, c } = await inRollback(async (tx) => ({ result: await importInto(tx, "arca-apoc", [fixture(file)]), a: await report(tx, A), c: await report(tx, C) }));
      expect(result).toMatchObject({ source: "riesgoFiscal", feed: "arca-apoc", rows: 2, bad_lines: [] });
      expect(field(a, "riesgoFiscal", "En listas de riesgo fiscal")).toBe("Sí");
      expect(field(a, "riesgoFiscal", "Facturas apócrifas (APOC)")).toBe(
        "condición desde el 2024-02-01 · publicado el 2024-04-03 · Contribuyente sin capacidad operativa, económica ni patrimonial",
      );
      expect((a.sections.riesgoFiscal as { riesgoFiscal: unknown }).riesgoFiscal).toEqual({
        en_listas: true,
        listas: [
          {
            lista: "Facturas apócrifas (APOC)",
            fecha_publicacion: "2024-04-03",
            fecha_condicion: "2024-02-01",
            detalle: "Contribuyente sin capacidad operativa, económica ni patrimonial",
            monto_adeudado: null,
          },
        ],
      });
      expect(field(c, "riesgoFiscal", "Facturas apócrifas (APOC)")).toBe("condición desde el 2025-06-05 · publicado el 2025-06-10");
    },
  );
});

describe("writers: the published layouts, byte for byte", () => {
  const lines = (name: string, encoding: BufferEncoding = "latin1") => fs.readFileSync(fixture(name)).toString(encoding).split("\r\n");

  it("writes ARCA padrón records, deudores.txt lines and Padron_ARCA.txt lines exactly as the fixtures", () => {
    expect(
      arcaPadronLine({ cuit: A, denominacion: "PAMPA ÑANDÚ LOGISTICA SRL", ganancias: "AC", iva: "AC", monotributo: "NI", integranteSociedades: false, empleador: true, actividadMonotributo: "" }),
    ).toBe(lines("apellidoNombreDenominacion.txt")[0]);
    expect(deudoresLine({ entidad: "00007", periodo: "202607", cuit: A, situacion: 3, montos: { prestamos: 0.5, otros_conceptos: 12.3 }, refinanciacion: 1, diasAtraso: 95 })).toBe(
      lines("deudores.txt")[1],
    );
    const padron = fs.readFileSync(fixture("Padron_ARCA.txt"));
    expect(
      bcraPadronLine({
        cuit: B,
        denominacion: "MUÑOZ MARÍA ELENA",
        actividad: "620100",
        baja: false,
        cuitReemplazo: null,
        fechaNacimientoConstitucion: "1980-07-15",
        sexo: "F",
        codigoPostal: "X5000",
        provincia: 3,
        fechaFallecimiento: null,
      }),
    ).toEqual(padron.subarray(222, 442));
  });
});
