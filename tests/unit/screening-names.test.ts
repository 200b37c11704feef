import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { bestVariantScore, nameKey, nameScore, nameTokens, normalizeText } from "@/lib/sources/formats/names";
import { cuitDocumentKeys, documentKeys, screeningRow } from "@/lib/sources/formats/screening-entry";

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

  it("forgives a letter changed, added or dropped, not two, nor two swapped", () => {
    expect(score("GONZALEZ", "GONZALES")).toBe(0.875);
    expect(score("MARTINEZ", "MARTNEZ")).toBe(0.875);
    expect(score("FERNANDEZ", "FERNANDEZZ")).toBe(0.9);
    expect(score("GONZALEZ", "GONZAELZ")).toBe(0);
    expect(score("GONZALEZ", "GOMSALEZ")).toBe(0);
  });

  /** The score as first written: every pair's similarity by Levenshtein distance, pairs sorted best first. */
  function reference(a: string[], b: string[]): number {
    const distance = (x: string, y: string) => {
      let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
      for (let i = 1; i <= x.length; i++) {
        const current = [i];
        for (let j = 1; j <= y.length; j++) current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
        previous = current;
      }
      return previous[y.length];
    };
    const similarity = (x: string, y: string) =>
      x === y ? 1 : Math.min(x.length, y.length) < 6 || Math.abs(x.length - y.length) > 1 ? 0 : distance(x, y) === 1 ? 1 - 1 / Math.max(x.length, y.length) : 0;
    const total = [...a, ...b].reduce((n, t) => n + t.length, 0);
    if (total === 0) return 0;
    const pairs = a.flatMap((x, i) => b.map((y, j) => ({ i, j, sim: similarity(x, y) }))).filter((p) => p.sim > 0);
    pairs.sort((p, q) => q.sim - p.sim);
    const usedA = new Set<number>();
    const usedB = new Set<number>();
    let matched = 0;
    for (const { i, j, sim } of pairs) {
      if (usedA.has(i) || usedB.has(j)) continue;
      usedA.add(i);
      usedB.add(j);
      matched += sim * (a[i].length + b[j].length);
    }
    return Math.round((matched / total) * 10_000) / 10_000;
  }

  it("agrees with the pairwise definition on names with typos, repeated words and words of every length", () => {
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed % n);
    const letters = "ABDEGLMNORSZ";
    const word = () => Array.from({ length: 1 + random(9) }, () => letters[random(letters.length)]).join("");
    const typo = (w: string) => {
      const k = random(w.length + 1);
      const c = letters[random(letters.length)];
      return [w.slice(0, k) + c + w.slice(k + 1), w.slice(0, k) + c + w.slice(k), w.slice(0, k) + w.slice(k + 1)][random(3)];
    };
    let typoPairs = 0;
    for (let n = 0; n < 20_000; n++) {
      const a = Array.from({ length: 1 + random(5) }, word);
      const b = a.map((w) => (random(3) === 0 ? typo(w) : random(5) === 0 ? word() : w)).filter(() => random(10) > 0);
      if (random(2)) b.push(...a.slice(0, 2));
      const expected = reference(a, b);
      if (expected % 1 !== 0) typoPairs++;
      expect(nameScore(a, b)).toBe(expected);
    }
    expect(typoPairs).toBeGreaterThan(5_000);
  });

  it("scores an entry by its best variant", () => {
    expect(bestVariantScore(nameTokens("Juan Pérez"), "JUAN PEREZ ROJAS|JUAN PEREZ")).toBe(1);
    expect(bestVariantScore(nameTokens("Juan Pérez"), "JUAN CARLOS PEREZ")).toBe(0.75);
    expect(bestVariantScore(nameTokens("Juan Pérez"), null)).toBe(0);
  });
});

describe("document keys of a CUIT", () => {
  it("are the CUIT itself, and a person's DNI", () => {
    expect(cuitDocumentKeys("20481000018")).toEqual(["CUIT:20481000018", "DNI:48100001"]);
    expect(cuitDocumentKeys("30712345671")).toEqual(["CUIT:30712345671"]);
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
