import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { nameKey, nameScore, nameTokens, normalizeText } from "@/lib/sources/formats/names";
import { documentKeys, screeningRow } from "@/lib/sources/formats/screening-entry";

const score = (a: string, b: string) => nameScore(nameTokens(a), nameTokens(b));

describe("name normalization", () => {
  it("upper-cases, removes accents and punctuation, and joins dotted abbreviations", () => {
    expect(normalizeText("José María Gómez-Peña")).toBe("JOSE MARIA GOMEZ PENA");
    expect(normalizeText("Pampa Logística S.R.L.")).toBe("PAMPA LOGISTICA SRL");
    expect(normalizeText("Hay’at Tahrir al-Sham")).toBe("HAYAT TAHRIR AL SHAM");
  });

  it("ignores word order, company forms and joining words", () => {
    expect(nameKey("PEREZ, Juan Carlos")).toBe(nameKey("Juan Carlos PÉREZ"));
    expect(nameKey("RIO PARANA LOGISTICA S.A.")).toBe(nameKey("Río Paraná Logística Sociedad Anónima"));
    expect(nameKey("Compañía Comercial del Sur")).toBe("COMERCIAL COMPANIA SUR");
    expect(nameKey("أحمد خليل")).toBe("");
  });
});

describe("name score", () => {
  it("is 1 for the same name in any order and spelling of accents", () => {
    expect(score("GOMEZ PEÑA JOSE MARIA", "José María GÓMEZ PEÑA")).toBe(1);
  });

  it("forgives one typo in a long word, but not in a short one", () => {
    expect(score("JUAN GONZALEZ", "JUAN GONSALEZ")).toBeGreaterThanOrEqual(0.9);
    expect(score("MARIA GONZALEZ", "MARIO GONZALEZ")).toBeLessThan(0.9);
  });

  it("counts every word: a missing middle name or an extra word falls below the default threshold", () => {
    expect(score("JUAN CARLOS PEREZ", "JUAN PEREZ")).toBe(0.75);
    expect(score("RIO PARANA LOGISTICA DEL NORTE S.A.", "RIO PARANA LOGISTICA S.A.")).toBeLessThan(0.9);
    expect(score("PAMPA", "")).toBe(0);
  });
});

describe("document keys of a list entry", () => {
  it("keeps valid CUITs and CUILs in any spelling, and Argentine DNIs only", () => {
    expect(
      documentKeys([
        { tipo: "C.U.I.T.", numero: "20-48100001-8", pais: "Argentina" },
        { tipo: "CUIL", numero: "27481000047" },
        { tipo: "Presunto D.N.I. Argentino", numero: "4.810.003" },
        { tipo: "DNI", numero: "12345678", pais: "Perú" },
        { tipo: "CUIT", numero: "20-48100001-9" },
        { tipo: "Passport", numero: "AAB123456", pais: "Argentina" },
      ]),
    ).toEqual(["CUIT:20481000018", "CUIT:27481000047", "DNI:04810003"]);
  });

  it("gives the row the entry's CUIT and the normalized name of every variant", () => {
    const row = screeningRow({
      lista: "ONU",
      entryUid: "1",
      numeroReferencia: "QDe.1",
      nombre: "AL-NUR TRADING COMPANY",
      alias: ["Compañía Comercial del Sur", "AL-NUR TRADING COMPANY"],
      tipoEntrada: "entidad",
      programa: null,
      fechaInclusion: null,
      documentos: [{ tipo: "CUIT", numero: "30781000015", pais: null }],
      nacionalidad: null,
      fechaNacimiento: null,
      observaciones: null,
    });
    expect(row).toMatchObject({
      cuit: "30781000015",
      alias: "Compañía Comercial del Sur",
      claves_nombre: "AL COMPANY NUR TRADING|COMERCIAL COMPANIA SUR",
      documentos: "CUIT 30-78100001-5",
      claves_documento: "CUIT:30781000015",
    });
  });
});

describe("SCREENING_NAME_THRESHOLD", () => {
  it("defaults to 0.9 and accepts a fraction above 0 up to 1", () => {
    expect(parseEnv({}).SCREENING_NAME_THRESHOLD).toBe(0.9);
    expect(parseEnv({ SCREENING_NAME_THRESHOLD: "0.85" }).SCREENING_NAME_THRESHOLD).toBe(0.85);
    for (const wrong of ["0", "1.5", "alto"]) {
      expect(() => parseEnv({ SCREENING_NAME_THRESHOLD: wrong })).toThrow("SCREENING_NAME_THRESHOLD: must be a number greater than 0 and at most 1");
    }
  });
});
