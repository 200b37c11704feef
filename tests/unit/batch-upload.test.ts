import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { readUploadedList } from "@/lib/batches/upload";

const csv = (text: string, name = "lista.csv") => new File([text], name, { type: "text/csv" });

async function xlsx(rows: (string | number | null)[][], name = "lista.xlsx"): Promise<File> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Hoja 1");
  for (const row of rows) sheet.addRow(row);
  return new File([await book.xlsx.writeBuffer()], name);
}

const refusal = (input: Parameters<typeof readUploadedList>[0]) => readUploadedList(input).then(() => null, (e: { code: string; message: string; extra: object }) => e);

describe("reading an uploaded list of CUITs", () => {
  it("takes the first column of a CSV, with or without a header, comma or semicolon, BOM and blank lines", async () => {
    expect(await readUploadedList({ file: csv("\uFEFFCUIT;Razón social\r\n30-50001091-2;ACME\r\n\r\n20123456786;Otro\r\n"), text: "" })).toEqual([
      "30-50001091-2",
      "20123456786",
    ]);
    expect(await readUploadedList({ file: csv('"30500010912",x\n12.345.678,y\n'), text: "" })).toEqual(["30500010912", "12.345.678"]);
  });

  it("takes the first column of the first sheet of an XLSX, numbers included", async () => {
    const file = await xlsx([["Documento", "Nombre"], [30500010912, "ACME"], ["12345678", "Persona"], [null, "sin CUIT"]]);
    expect(await readUploadedList({ file, text: "" })).toEqual(["30500010912", "12345678"]);
  });

  it("reads a pasted list one entry per line when no file is sent", async () => {
    expect(await readUploadedList({ file: null, text: "30500010912\n\n  20123456786  \nno es un cuit" })).toEqual(["30500010912", "20123456786", "no es un cuit"]);
  });

  it("refuses a file that is neither CSV nor XLSX, even under a misleading name", async () => {
    expect(await refusal({ file: new File(["%PDF-1.7"], "lista.pdf"), text: "" })).toMatchObject({ code: "archivo_invalido" });
    expect(await refusal({ file: new File([new Uint8Array([0x50, 0x4b, 3, 4, 0, 0])], "lista.csv"), text: "" })).toMatchObject({ code: "archivo_invalido" });
    expect(await refusal({ file: new File(["30500010912"], "lista.xlsx"), text: "" })).toMatchObject({ code: "archivo_invalido" });
  });

  it("refuses a file over 5 MB, a spreadsheet whose first column is empty, an empty list and more than 1,000 entries", async () => {
    expect(await refusal({ file: csv("3".repeat(5 * 1024 * 1024 + 1)), text: "" })).toMatchObject({ code: "archivo_demasiado_grande" });
    const emptyFirst = await refusal({ file: await xlsx([[null, "30500010912"], [null, "20123456786"]]), text: "" });
    expect(emptyFirst).toMatchObject({ code: "columna_vacia", message: expect.stringContaining("primera columna") });
    expect(await refusal({ file: null, text: "\n \n" })).toMatchObject({ code: "lote_vacio" });
    expect(await refusal({ file: csv("CUIT\n"), text: "" })).toMatchObject({ code: "lote_vacio" });
    const tooMany = await refusal({ file: null, text: Array.from({ length: 1001 }, () => "30500010912").join("\n") });
    expect(tooMany).toMatchObject({ code: "lote_demasiado_grande", extra: { limite: 1000, recibidos: 1001 } });
  });
});
