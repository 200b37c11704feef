import { describe, expect, it } from "vitest";
import { numberIn, redFlags } from "@/lib/reports/red-flags";
import type { Entidad, Section, Sections } from "@/lib/schemas/sections";

const field = (label: string, value: string | null) => ({ label, value, fuente_dataset_id: "ds", snapshot_date: "2026-10-31" });
const section = (title: string, fields: [string, string | null][], status: Section["status"] = "ok"): Section => ({
  title,
  fields: fields.map(([l, v]) => field(l, v)),
  source: "ds",
  snapshot_date: "2026-10-31",
  status,
});
const entidad = (entidad: string, situacion: number, monto: number): Entidad => ({
  entidad_codigo: "00011",
  entidad,
  periodo: "202609",
  situacion,
  situacion_descripcion: "",
  monto_miles_pesos: monto,
  dias_atraso: null,
  refinanciaciones: null,
  recategorizacion_obligatoria: null,
  situacion_juridica: null,
  irrecuperable_disposicion_tecnica: null,
  proceso_judicial: null,
});

const clean: Sections = {
  identidad: section("Identidad", [["Estado de la CUIT", "ACTIVO"], ["Dada de baja", "No"]]),
  crediticio: { ...section("Deudas", [["Peor situación", "1 - Normal"]]), entidades: [entidad("BANCO DE LA NACION ARGENTINA", 1, 120)] },
  cheques: section("Cheques", [["Cheques rechazados", "2"], ["Cheques sin pagar", "0"], ["Monto sin pagar ($)", "0"]]),
  screening: section("Sanciones", [["Coincidencias en listas de sanciones", "Sin coincidencias"]]),
  riesgoFiscal: { ...section("Riesgo fiscal", [["En listas de riesgo fiscal", "No"]]), riesgoFiscal: { en_listas: false, listas: [] } },
  concursos: { ...section("Concursos", [["Procesos concursales o de quiebra", "0"]]), concursos: [] },
};

describe("redFlags (lib/reports/red-flags.ts)", () => {
  it("finds nothing in a clean report, nor in one whose sections are missing or unavailable", () => {
    expect(redFlags(clean)).toEqual([]);
    expect(redFlags({})).toEqual([]);
    expect(redFlags({ cheques: section("Cheques", [["Cheques sin pagar", "4"]], "no_disponible") })).toEqual([]);
  });

  it("names the worst BCRA situation and the lender reporting it, from the entidades block", () => {
    const [flag] = redFlags({
      crediticio: { ...section("Deudas", []), entidades: [entidad("BANCO A", 2, 10), entidad("BANCO B", 4, 628.1115), entidad("BANCO C", 4, 5)] },
    });
    expect(flag).toMatchObject({ key: "crediticio", severity: "alta", section: "crediticio", title: "Situación 4 en el BCRA (con alto riesgo de insolvencia)" });
    expect(flag.detail).toBe("Su peor situación la informa BANCO B, por $ 628.111,50.");
    expect(redFlags({ crediticio: { ...section("Deudas", []), entidades: [entidad("BANCO A", 2, 1)] } })[0].severity).toBe("media");
  });

  it("falls back on the worst-situation field when a report has no entidades block", () => {
    expect(redFlags({ crediticio: section("Deudas", [["Peor situación", "3 - Con problemas"]]) })[0]).toMatchObject({ title: expect.stringMatching(/^Situación 3/) });
  });

  it("counts unpaid rejected cheques and their total, from the fields or, reworded, from each cheque's line", () => {
    const [flag] = redFlags({ cheques: section("Cheques", [["Cheques sin pagar", "2"], ["Monto sin pagar ($)", "628111.5"]]) });
    expect(flag).toMatchObject({ key: "cheques", title: "2 cheques rechazados sin pagar", detail: "Suman $ 628.111,50 sin pagar.", section: "cheques" });
    const lines = redFlags({
      cheques: section("Cheques", [
        ["Cheque N° 1", "rechazado el 2026-01-02 · SIN FONDOS · $ 10 · sin pagar"],
        ["Cheque N° 2", "rechazado el 2026-01-03 · SIN FONDOS · $ 10 · pagado el 2026-02-01"],
      ]),
    });
    expect(lines[0].title).toBe("1 cheque rechazado sin pagar");
  });

  it("flags sanctions matches, an APOC listing, insolvency proceedings and an inactive CUIT, most severe first", () => {
    const flags = redFlags({
      ...clean,
      identidad: section("Identidad", [["Estado de la CUIT", "INACTIVO"]]),
      screening: section("Sanciones", [["Coincidencias en listas de sanciones", "1"]]),
      riesgoFiscal: {
        ...section("Riesgo fiscal", []),
        riesgoFiscal: { en_listas: true, listas: [{ lista: "Base APOC: contribuyentes con facturas apócrifas", fecha_publicacion: null, detalle: null, monto_adeudado: null }] },
      },
      concursos: {
        ...section("Concursos", []),
        concursos: [{ tipo_proceso: "QUIEBRA", juzgado: "J", secretaria: null, expediente: null, fecha_apertura: "2026-01-01", sindico: null, estado: null, jurisdiccion: null, monto_pasivo: null }],
      },
    });
    expect(flags.map((f) => [f.key, f.section])).toEqual([
      ["screening", "screening"],
      ["concursos", "concursos"],
      ["apoc", "riesgoFiscal"],
      ["arca", "identidad"],
    ]);
    expect(flags[0].title).toBe("1 coincidencia en listas de sanciones");
    expect(flags[3].title).toBe("CUIT no activa en ARCA (inactivo)");
  });

  it("reads numbers written plainly or the es-AR way", () => {
    expect([numberIn("628111.5"), numberIn("$ 628.111,50"), numberIn("1.234"), numberIn("3 - Con problemas"), numberIn("Sin coincidencias"), numberIn(null)]).toEqual([
      628111.5, 628111.5, 1234, 3, null, null,
    ]);
  });
});
