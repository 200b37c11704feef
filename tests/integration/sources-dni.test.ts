import { describe, expect, it } from "vitest";
import { computeCuil, resolveCuitOrDni, withCheckDigit } from "@/lib/cuit";
import { inRollback, loadWorld, padronRow } from "./engine-fixtures";

/** A DNI from a range the demo never uses, for which `prefix` has a valid check digit. */
function dniWith(prefix: string, from: number): string {
  for (let n = from; ; n++) if (withCheckDigit(prefix, String(n))) return String(n);
}
const person = (cuit: string, estadoClave = "ACTIVO") => padronRow(cuit, { tipoPersona: "FISICA", denominacion: "GOMEZ ANA", estadoClave });

describe("DNI to CUIL (spec 1.9)", () => {
  it("takes the CUIL the padrón has for the DNI, whatever its prefix", async () => {
    const dni = dniWith("27", 48_100_000);
    const cuil = withCheckDigit("27", dni)!;
    const resolved = await inRollback(async (tx) => {
      await loadWorld(tx, { identidad: [person(cuil)] }, "2999-01-01", ["identidad"]);
      return [await resolveCuitOrDni(tx, dni), await resolveCuitOrDni(tx, `${dni.slice(0, 2)}.${dni.slice(2, 5)}.${dni.slice(5)}`)];
    });
    expect(resolved).toEqual([
      { ok: true, cuit: cuil },
      { ok: true, cuit: cuil },
    ]);
  });

  it("with several CUILs for one DNI, prefers the active one, then the lowest CUIL", async () => {
    const dni = dniWith("24", Number(dniWith("20", 48_200_000)));
    const c20 = withCheckDigit("20", dni)!;
    const c24 = withCheckDigit("24", dni)!;
    const result = await inRollback(async (tx) => {
      await loadWorld(tx, { identidad: [person(c20, "INACTIVO"), person(c24, "ACTIVO")] }, "2999-01-01", ["identidad"]);
      const activeFirst = await resolveCuitOrDni(tx, dni);
      await loadWorld(tx, { identidad: [person(c20, "ACTIVO"), person(c24, "ACTIVO")] }, "2999-01-02", ["identidad"]);
      const lowest = await resolveCuitOrDni(tx, dni);
      return { activeFirst, lowest };
    });
    expect(result.activeFirst).toEqual({ ok: true, cuit: c24 });
    expect(result.lowest).toEqual({ ok: true, cuit: c20 });
  });

  it("ignores a company CUIT that carries the same eight digits", async () => {
    const dni = dniWith("30", Number(dniWith("20", 48_300_000)));
    const company = withCheckDigit("30", dni)!;
    const resolved = await inRollback(async (tx) => {
      await loadWorld(tx, { identidad: [padronRow(company)] }, "2999-01-01", ["identidad"]);
      return resolveCuitOrDni(tx, dni);
    });
    expect(resolved).toEqual({ ok: true, cuit: computeCuil(dni) });
    expect(resolved.ok && resolved.cuit.startsWith("20")).toBe(true);
  });

  it("computes the CUIL when the padrón does not know the DNI: 20, or 23 with 9 when 20 would need a 10", async () => {
    const plain = dniWith("20", 48_400_000);
    let collision = 48_400_000;
    while (withCheckDigit("20", String(collision))) collision++;
    const out = await inRollback(async (tx) => {
      await loadWorld(tx, {}, "2999-01-01", ["identidad"]);
      return [await resolveCuitOrDni(tx, plain), await resolveCuitOrDni(tx, String(collision)), await resolveCuitOrDni(tx, "1234567")];
    });
    expect(out).toEqual([
      { ok: true, cuit: withCheckDigit("20", plain) },
      { ok: true, cuit: `23${collision}9` },
      { ok: true, cuit: withCheckDigit("20", "01234567") },
    ]);
  });

  it("validates anything that is not a DNI as a CUIT, with the contract's reasons", async () => {
    const out = await inRollback(async (tx) => [
      await resolveCuitOrDni(tx, "123456789"),
      await resolveCuitOrDni(tx, "21-12345678-6"),
      await resolveCuitOrDni(tx, "20-12345678-5"),
      await resolveCuitOrDni(tx, "20-12345678-6"),
    ]);
    expect(out.map((c) => (c.ok ? c.cuit : c.reason))).toEqual(["formato", "tipo", "digito_verificador", "20123456786"]);
  });
});
