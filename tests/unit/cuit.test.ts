import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DbOrTx } from "@/db/client";
import { CUIT_TYPES, checkDigit, computeCuil, formatCuit, parseDni, resolveCuitOrDni, validateCuit, withCheckDigit } from "@/lib/cuit";

const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
/** The rule written out independently of the implementation: mod 11, 11 -> 0, 10 -> no valid digit. */
const referenceDigit = (first10: string): number | null => {
  const r = 11 - (WEIGHTS.reduce((s, w, i) => s + w * Number(first10[i]), 0) % 11);
  return r === 11 ? 0 : r === 10 ? null : r;
};

const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(""));
const validType = fc.constantFrom(...CUIT_TYPES);
/** A valid CUIT: a valid type, 8 digits, and a computable check digit. */
const validCuit = fc
  .tuple(validType, digits(8))
  .map(([t, body]) => withCheckDigit(t, body))
  .filter((c): c is string => c !== null);

describe("validateCuit: worked examples", () => {
  it.each([
    ["20-12345678-6", "20123456786"],
    ["20123456786", "20123456786"],
    ["30-50001091-2", "30500010912"],
    ["27-28033514-8", "27280335148"],
    // The 23 prefix: 20-10000005 would need a check digit of 10, so the man with DNI 10000005 gets 23-10000005-9;
    // 27-10000002 would too, so the woman with DNI 10000002 gets 23-10000002-4.
    ["23-10000005-9", "23100000059"],
    ["23-10000002-4", "23100000024"],
    ["33-69345023-9", "33693450239"],
    ["  20-12345678-6 ", "20123456786"],
  ])("accepts %s", (input, cuit) => {
    expect(validateCuit(input)).toEqual({ ok: true, cuit });
  });

  it.each([
    ["", "formato"],
    ["2012345678", "formato"],
    ["201234567861", "formato"],
    ["20.12345678.6", "formato"],
    ["20 12345678 6", "formato"],
    ["2O123456786", "formato"],
    ["21123456786", "tipo"],
    ["10123456786", "tipo"],
    ["35-12345678-0", "tipo"],
    ["20-12345678-5", "digito_verificador"],
    ["30-50001091-3", "digito_verificador"],
    // 20-10000005 computes to 10: no last digit makes it valid.
    ...Array.from({ length: 10 }, (_, d) => [`20-10000005-${d}`, "digito_verificador"]),
  ])("rejects %j with reason %s and a Spanish message", (input, reason) => {
    const check = validateCuit(input);
    expect(check.ok).toBe(false);
    if (!check.ok) {
      expect(check.reason).toBe(reason);
      expect(check.message).toMatch(/CUIT/);
    }
  });

  it.each([
    "20123456786-",
    "20-12345678-6-",
    "20123456786--",
    "-20123456786",
    "2-0123456786",
    "20--12345678-6",
    "20-1234-5678-6",
    "20123456786x",
    "20-12345678-6.",
    "20123456786\u200b",
    "20123456786\u0000",
  ])("rejects %j, a CUIT with a misplaced hyphen or trailing characters, as formato", (input) => {
    expect(validateCuit(input)).toMatchObject({ ok: false, reason: "formato" });
  });

  it("accepts either hyphen left out", () => {
    expect(validateCuit("20-123456786")).toEqual({ ok: true, cuit: "20123456786" });
    expect(validateCuit("2012345678-6")).toEqual({ ok: true, cuit: "20123456786" });
  });

  it("gives a different message for each reason", () => {
    const messages = ["1", "21123456786", "20123456785"].map((i) => {
      const c = validateCuit(i);
      return c.ok ? null : c.message;
    });
    expect(new Set(messages).size).toBe(3);
  });
});

describe("check digit: properties", () => {
  it("agrees with the written-out mod-11 rule on every 10-digit prefix", () => {
    fc.assert(
      fc.property(digits(10), (first10) => {
        expect(checkDigit(first10)).toBe(referenceDigit(first10));
      }),
    );
  });

  it("accepts every CUIT built with its check digit, and returns it without hyphens", () => {
    fc.assert(
      fc.property(validCuit, (cuit) => {
        expect(validateCuit(cuit)).toEqual({ ok: true, cuit });
        expect(validateCuit(formatCuit(cuit))).toEqual({ ok: true, cuit });
      }),
    );
  });

  it("rejects every other last digit of a valid CUIT with digito_verificador", () => {
    fc.assert(
      fc.property(validCuit, fc.integer({ min: 1, max: 9 }), (cuit, delta) => {
        const wrong = cuit.slice(0, 10) + String((Number(cuit[10]) + delta) % 10);
        expect(validateCuit(wrong)).toMatchObject({ ok: false, reason: "digito_verificador" });
      }),
    );
  });

  it("rejects a single changed body digit (mod 11 catches every single-digit error)", () => {
    fc.assert(
      fc.property(validCuit, fc.integer({ min: 2, max: 9 }), fc.integer({ min: 1, max: 9 }), (cuit, pos, delta) => {
        const changed = cuit.slice(0, pos) + String((Number(cuit[pos]) + delta) % 10) + cuit.slice(pos + 1);
        expect(validateCuit(changed).ok).toBe(false);
      }),
    );
  });

  it("classifies any 11 digits: formato never, tipo exactly when the prefix is unknown", () => {
    fc.assert(
      fc.property(digits(11), (s) => {
        const check = validateCuit(s);
        const knownType = (CUIT_TYPES as readonly string[]).includes(s.slice(0, 2));
        if (!knownType) expect(check).toMatchObject({ ok: false, reason: "tipo" });
        else expect(check.ok ? "ok" : check.reason).toBe(referenceDigit(s.slice(0, 10)) === Number(s[10]) ? "ok" : "digito_verificador");
      }),
    );
  });

  it("says formato for anything that is not 11 digits once hyphens are removed", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        fc.pre(!/^\d{11}$/.test(s.trim().replaceAll("-", "")));
        expect(validateCuit(s)).toMatchObject({ ok: false, reason: "formato" });
      }),
    );
  });
});

describe("formatCuit", () => {
  it("formats as NN-NNNNNNNN-N", () => {
    expect(formatCuit("20123456786")).toBe("20-12345678-6");
    expect(formatCuit("20-12345678-6")).toBe("20-12345678-6");
  });

  it("round-trips: the formatted CUIT validates to the same digits", () => {
    fc.assert(
      fc.property(validCuit, (cuit) => {
        const formatted = formatCuit(cuit);
        expect(formatted).toMatch(/^\d{2}-\d{8}-\d$/);
        expect(formatted.replaceAll("-", "")).toBe(cuit);
      }),
    );
  });

  it("refuses something that is not a CUIT", () => {
    expect(() => formatCuit("123")).toThrow();
  });
});

describe("DNI to CUIL", () => {
  it("reads 7 or 8 digits, with or without thousands dots", () => {
    expect(parseDni("12345678")).toBe("12345678");
    expect(parseDni("12.345.678")).toBe("12345678");
    expect(parseDni("1234567")).toBe("01234567");
    expect(parseDni("123456")).toBeNull();
    expect(parseDni("20123456786")).toBeNull();
    expect(parseDni("1.234.567")).toBe("01234567");
  });

  it.each(["12.345.678.", "12345.678", "1.2345.678", ".12.345.678", "12.345.678x", "12,345,678"])("refuses %j, dots out of place or trailing characters", (input) => {
    expect(parseDni(input)).toBeNull();
  });

  it.each(["0000000", "00000000", "0.000.000", "00.000.000"])("refuses the all-zeros DNI %j", (input) => {
    expect(parseDni(input)).toBeNull();
  });

  it("answers an all-zeros DNI with formato and a message about the DNI, without a database lookup", async () => {
    const noDb = new Proxy({}, {
      get() {
        throw new Error("no database lookup expected");
      },
    }) as DbOrTx;
    for (const input of ["0000000", "00.000.000"]) {
      expect(await resolveCuitOrDni(noDb, input)).toEqual({ ok: false, reason: "formato", message: expect.stringMatching(/DNI/) });
    }
    expect(await resolveCuitOrDni(noDb, "20123456786-")).toMatchObject({ ok: false, reason: "formato" });
  });

  it("computes prefix 20 with its check digit", () => {
    expect(computeCuil("12345678")).toBe("20123456786");
    expect(computeCuil("12345678", "27")).toBe("27123456780");
  });

  it("uses 23 with check digit 9 when the 20 digit would be 10, and 23 with 4 for 27", () => {
    expect(checkDigit("2010000005")).toBeNull();
    expect(computeCuil("10000005")).toBe("23100000059");
    expect(checkDigit("2710000002")).toBeNull();
    expect(computeCuil("10000002", "27")).toBe("23100000024");
    expect(computeCuil("10000002")).toBe("20100000025");
    for (const c of ["23100000059", "23100000024"]) expect(validateCuit(c).ok).toBe(true);
  });

  it("always yields a valid CUIL carrying the DNI", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_000_000, max: 99_999_999 }), fc.constantFrom("20" as const, "27" as const), (n, prefix) => {
        const dni = String(n).padStart(8, "0");
        const cuil = computeCuil(dni, prefix);
        expect(validateCuit(cuil).ok).toBe(true);
        expect(cuil.slice(2, 10)).toBe(dni);
        expect([prefix, "23"]).toContain(cuil.slice(0, 2));
      }),
    );
  });
});
