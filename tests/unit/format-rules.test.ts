import { describe, expect, it } from "vitest";
import { hundredthsAt } from "@/lib/sources/formats/bcra-deudores";
import { noticeText, readNotice } from "@/lib/sources/formats/bo-concursos";
import { inpiDate, splitTitulares } from "@/lib/sources/formats/inpi-marcas";
import { ofacPrograms, parseRemarks } from "@/lib/sources/formats/ofac-sdn";
import { entryFromUnRecord, unDate } from "@/lib/sources/formats/un-keys";

describe("deudores.txt amounts", () => {
  const at = (field: string) => hundredthsAt(`xx${field}yy`, 2);
  it("reads a 12-character amount with a decimal comma as hundredths", () => {
    expect(at("      1234,5")).toBe(123450);
    expect(at("          ,7")).toBe(70);
    expect(at("        1234")).toBe(123400);
    expect(at("      0,05  ")).toBe(5);
    expect(at("    1234,567")).toBe(123457);
    expect(at("            ")).toBe(0);
  });

  it("refuses what is not an amount", () => {
    for (const field of ["        12 3", "       1.234", "           ,", "         -12", "        12x4"]) expect(at(field)).toBeNaN();
  });
});

describe("OFAC SDN CSV quirks", () => {
  it("reads a malformed Program field as its list of programs", () => {
    expect(ofacPrograms("SDGT] [IFSR")).toBe("SDGT; IFSR");
    expect(ofacPrograms("SDNTK")).toBe("SDNTK");
    expect(ofacPrograms(null)).toBeNull();
  });

  it("reads documents, dates of birth and nationality from the remarks", () => {
    expect(parseRemarks("DOB 13 Jan 1970; alt. DOB 1971; nationality Argentina; C.U.I.T. 20-48100001-8 (Argentina); D.N.I. 48100001 (Argentina); Linked To: X.")).toEqual({
      documentos: [
        { tipo: "C.U.I.T.", numero: "20-48100001-8", pais: "Argentina" },
        { tipo: "D.N.I.", numero: "48100001", pais: "Argentina" },
      ],
      nacimiento: ["1970-01-13", "1971"],
      nacionalidad: ["Argentina"],
    });
  });
});

describe("UN and RePET records", () => {
  it("reads both date formats", () => {
    expect(unDate("2019-06-12")).toBe("2019-06-12");
    expect(unDate([{ VALUE: "5/3/2019" }])).toBe("2019-03-05");
    expect(unDate("circa 1970")).toBeNull();
  });

  it("picks RePET's references out of the text they are glued to", () => {
    const entry = entryFromUnRecord({ DATAID: "1", FIRST_NAME: "X", REFERENCE_NUMBER: "HArE.001 y HArE.002" }, "entidad", "RePET");
    expect(entry).toMatchObject({ numeroReferencia: "HArE.001; HArE.002" });
  });

  it("reports a record without a name", () => {
    expect(entryFromUnRecord({ DATAID: "9" }, "persona", "ONU")).toEqual({ problem: "la entrada 9 no tiene nombre (FIRST_NAME)" });
  });
});

describe("INPI rows", () => {
  it("reads /Date(ms)/ as the day in Buenos Aires", () => {
    expect(inpiDate("/Date(1500000000000)/")).toBe("2017-07-13");
    expect(inpiDate("/Date(1500000000000-0300)/")).toBe("2017-07-13");
    expect(inpiDate(null)).toBeNull();
    expect(inpiDate("ayer")).toBeUndefined();
  });

  it("splits co-owners", () => {
    expect(splitTitulares("A S.A.; B S.R.L.\nC")).toEqual(["A S.A.", "B S.R.L.", "C"]);
  });
});

describe("Boletín Oficial notices", () => {
  it("reads back the notice the demo writes", () => {
    const texto = noticeText({
      juzgado: "JUZGADO CIVIL Y COMERCIAL N° 9 DE MAR DEL PLATA",
      secretaria: "SECRETARIA N° 4",
      tipo: "QUIEBRA",
      fechaApertura: "2024-09-05",
      denominacion: "LOPEZ HNOS. S.A.",
      cuit: "30781000015",
      expediente: "COM 000123/2024",
      sindico: "CDOR. GARCIA PEDRO",
    });
    expect(readNotice("A1", "2024-09-10", texto)).toEqual({
      row: {
        cuit: "30781000015",
        denominacion: "LOPEZ HNOS. S.A.",
        tipo_proceso: "QUIEBRA",
        juzgado: "JUZGADO CIVIL Y COMERCIAL N° 9 DE MAR DEL PLATA",
        secretaria: "SECRETARIA N° 4",
        expediente: "COM 000123/2024",
        fecha_apertura: "2024-09-05",
        sindico: "CDOR. GARCIA PEDRO",
        estado: "DECRETADA",
        jurisdiccion: null,
        monto_pasivo: null,
        aviso_id: "A1",
        fecha_publicacion: "2024-09-10",
      },
    });
  });

  it("says why a notice cannot be read", () => {
    expect(readNotice("A2", "2024-09-10", "El Juzgado Comercial N° 1 decretó la quiebra de X (CUIT 30-78100001-6).")).toEqual({
      reason: "el CUIT 30-78100001-6 del aviso A2 no es válido (dígito verificador o tipo)",
      column: "texto",
    });
    expect(readNotice("A3", "2024-09-10", "Edicto de sucesión de X (CUIT 30-78100001-5).")).toMatchObject({ reason: "el aviso A3 no dice si es un concurso preventivo o una quiebra" });
  });
});
