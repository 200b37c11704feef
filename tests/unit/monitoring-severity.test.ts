import { describe, expect, it } from "vitest";
import { summarize, summarizeScreening } from "@/lib/monitoring/summarize";

const debt = (entidad: string, situacion: number, extra: Record<string, unknown> = {}) => ({
  cuit: "30500010912",
  periodo: "202609",
  entidad_codigo: entidad,
  entidad_nombre: `BANCO ${entidad}`,
  situacion,
  monto: 100,
  dias_atraso: 0,
  ...extra,
});

describe("change severity", () => {
  it("is alta when a lender's situación reaches 3 or worse, with the Spanish line", () => {
    expect(summarize("crediticio", [debt("X", 1)], [debt("X", 3)])).toEqual({
      seccion: "crediticio",
      resumen: "Situación BCRA pasó de 1 a 3 en BANCO X",
      severidad: "alta",
    });
  });

  it("is media for any other worsening, and info for an improvement or an amount", () => {
    expect(summarize("crediticio", [debt("X", 1)], [debt("X", 2)])?.severidad).toBe("media");
    expect(summarize("crediticio", [debt("X", 4)], [debt("X", 2)])?.severidad).toBe("info");
    expect(summarize("crediticio", [debt("X", 1)], [debt("X", 1, { monto: 250 })])).toMatchObject({ severidad: "info", resumen: "Deuda en BANCO X pasó de 100 a 250 miles de $" });
  });

  it("compares only the newest period: history alone is info", () => {
    const old = debt("X", 5, { periodo: "202501" });
    expect(summarize("crediticio", [debt("X", 1)], [debt("X", 1), old])).toEqual({ seccion: "crediticio", resumen: "Se actualizó la historia crediticia", severidad: "info" });
  });

  it("is alta for a new unpaid cheque and media for a new one already paid", () => {
    const cheque = { numero_cheque: "1", entidad_codigo: "7", entidad_nombre: "BANCO Y", monto: 5000, fecha_pago: null };
    expect(summarize("cheques", [], [cheque])).toMatchObject({ severidad: "alta", resumen: "Nuevo cheque rechazado sin pagar por $ 5.000 en BANCO Y" });
    expect(summarize("cheques", [], [{ ...cheque, fecha_pago: "2026-01-02" }])?.severidad).toBe("media");
    expect(summarize("cheques", [cheque], [{ ...cheque, fecha_pago: "2026-01-02" }])).toMatchObject({ severidad: "info", resumen: "Se pagó el cheque N° 1" });
  });

  it("is alta for an APOC listing and media for another fiscal-risk list", () => {
    expect(summarize("riesgoFiscal", [], [{ lista: "Facturas apócrifas (APOC)" }])).toEqual({ seccion: "riesgoFiscal", resumen: "Incluido en la base APOC", severidad: "alta" });
    expect(summarize("riesgoFiscal", [], [{ lista: "REPSAL" }])?.severidad).toBe("media");
    expect(summarize("riesgoFiscal", [{ lista: "REPSAL" }], [])?.severidad).toBe("info");
  });

  it("is alta for a new insolvency proceeding", () => {
    expect(summarize("concursos", [], [{ expediente: "123/2026", tipo_proceso: "Quiebra", juzgado: "Juzgado Comercial 5" }])).toMatchObject({
      severidad: "alta",
      resumen: "Nuevo proceso: Quiebra en Juzgado Comercial 5",
    });
  });

  it("is alta for a new sanctions-list match and info for one that is gone", () => {
    expect(summarizeScreening([{ lista: "ONU", nombre: "ACME" }], [])).toEqual({ seccion: "screening", resumen: "Nueva coincidencia en lista ONU (ACME)", severidad: "alta" });
    expect(summarizeScreening([], [{ lista: "ONU", nombre: "ACME" }])?.severidad).toBe("info");
  });

  it("is media when the CUIT stops being active, info for other padrón changes", () => {
    const row = { estado_clave: "ACTIVO", baja: false, domicilio_calle: "A 1" };
    expect(summarize("identidad", [row], [{ ...row, estado_clave: "INACTIVO" }])).toMatchObject({ severidad: "media", resumen: "Estado de la CUIT pasó de ACTIVO a INACTIVO" });
    expect(summarize("identidad", [row], [{ ...row, domicilio_calle: "B 2" }])).toMatchObject({ severidad: "info", resumen: "Cambió: domicilio" });
  });

  it("puts the gravest change first, counts the rest, and takes the worst severity", () => {
    const change = summarize("crediticio", [debt("A", 1), debt("B", 1), debt("C", 1), debt("D", 1)], [debt("A", 2), debt("B", 1, { monto: 9 }), debt("C", 4), debt("D", 2)]);
    expect(change?.severidad).toBe("alta");
    expect(change?.resumen).toBe("Situación BCRA pasó de 1 a 4 en BANCO C; Situación BCRA pasó de 1 a 2 en BANCO A; Situación BCRA pasó de 1 a 2 en BANCO D y 1 cambio más");
  });

  it("says nothing when nothing changed", () => {
    expect(summarize("marcas", [{ acta: "1", denominacion: "X", estado: "CONCEDIDA" }], [{ acta: "1", denominacion: "X", estado: "CONCEDIDA" }])).toBeNull();
  });
});
