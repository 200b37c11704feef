import ExcelJS from "exceljs";
import { expect, signUp, test } from "./fixtures";
import { demoCuits, hyphenated } from "./demo-data";
import { loadBalance } from "./flows";

const BATCH_URL = /\/informes\/lote\/(lot_[0-9A-Za-z]{17})$/;
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A spreadsheet as people send it: a header row, then one CUIT or DNI per row in the first column. */
async function spreadsheet(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Clientes");
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test.describe("informes en lote", () => {
  test("a user uploads an XLSX, sees every row checked and the quote, confirms, follows the progress and downloads the results", async ({ page, browser }) => {
    const { ok, no_resuelto } = demoCuits();
    const person = await signUp(page);
    await loadBalance(browser, person.email, 800);

    await page.goto("/informes");
    await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "En lote" }).click();
    await page.waitForURL(/\/informes\/lote$/);
    await expect(page.getByText("Todavía no generaste lotes")).toBeVisible();

    const file = await spreadsheet([["CUIT", "Razón social"], [ok[0], "Uno"], [hyphenated(ok[1]), "Dos"], ["20123456780", "Mal escrito"], [ok[0], "Repetido"], [no_resuelto[0], "Desconocido"]]);
    await page.getByLabel("Archivo CSV o XLSX").setInputFiles({ name: "clientes.xlsx", mimeType: XLSX, buffer: file });
    await page.getByRole("button", { name: "Revisar la lista" }).click();

    const rows = page.getByRole("region", { name: "Filas de la lista" }).locator("tbody tr");
    await expect(rows).toHaveCount(5);
    const bad = rows.nth(2);
    await expect(bad).toHaveAttribute("data-invalid", "true");
    await expect(bad).toHaveClass(/bg-red-50/);
    await expect(bad).toContainText("El dígito verificador del CUIT no coincide");
    await expect(rows.nth(3)).toContainText("Repetida de la fila 1");
    const stat = (label: string) => page.getByRole("term").filter({ hasText: label }).locator("xpath=..");
    await expect(stat("Informes nuevos")).toContainText("3");
    await expect(stat("Actualizaciones")).toContainText("0");
    await expect(stat("Costo máximo")).toContainText("600 unidades");
    await expect(page.getByText("Tu saldo alcanza")).toBeVisible();

    await page.getByRole("button", { name: "Confirmar y generar 3 informes" }).click();
    await page.waitForURL(BATCH_URL);
    await expect(page.getByRole("progressbar", { name: "Avance del lote" })).toBeVisible();
    await expect(page.getByText("Completado", { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("progressbar", { name: "Avance del lote" })).toHaveAttribute("aria-valuenow", "100");
    await expect(page.getByText("5 de 5 procesados · 3 resueltos · 400 unidades")).toBeVisible();

    const results = page.getByRole("region", { name: "Resultados del lote, en el orden de la lista" }).locator("tbody tr");
    await expect(results).toHaveCount(5);
    await expect(results.nth(0)).toContainText("Informe nuevo · 200 u.");
    await expect(results.nth(2)).toContainText("Inválido");
    await expect(results.nth(3)).toContainText("Repetido de la fila 1");
    await expect(results.nth(4)).toContainText("Sin datos");

    const csv = page.waitForEvent("download");
    await page.getByRole("link", { name: "Descargar CSV" }).click();
    const csvText = await (await csv).createReadStream().then(async (s) => {
      const chunks: Buffer[] = [];
      for await (const c of s) chunks.push(c as Buffer);
      return Buffer.concat(chunks).toString("utf8");
    });
    const lines = csvText.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines).toHaveLength(6);
    expect(lines[1]).toContain(`1,${ok[0]},${ok[0]},ok,`);
    const xlsx = page.waitForEvent("download");
    await page.getByRole("link", { name: "Descargar XLSX" }).click();
    const download = await xlsx;
    expect(download.suggestedFilename()).toMatch(/^lot_\w+\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    expect(book.worksheets[0].rowCount).toBe(6);

    await results.nth(0).getByRole("link", { name: /Ver informe/ }).click();
    await page.waitForURL(/\/informes\/inf_[0-9A-Za-z]{17}$/);
    await expect(page.getByRole("heading", { name: "Resumen" })).toBeVisible();

    await page.goto("/informes/lote");
    await expect(page.getByRole("region", { name: "Tus lotes, del más reciente al más antiguo" }).locator("tbody tr")).toHaveCount(1);
  });
});

test.describe("informes en lote: refusals", () => {
  // The preview answers a refused list with a 4xx, which the browser logs on its own.
  test.use({ allowConsole: [/Failed to load resource: the server responded with a status of 400/] });

  test("a pasted list is previewed too; a file that is not CSV or XLSX, one over 5 MB, an empty first column and too many rows are refused with the reason", async ({ page }) => {
    const { ok } = demoCuits();
    await signUp(page);
    await page.goto("/informes/lote");
    const refused = page.getByRole("alert").filter({ hasText: "No pudimos usar esa lista" });
    const review = () => page.getByRole("button", { name: "Revisar la lista" }).click();

    await page.getByLabel("Archivo CSV o XLSX").setInputFiles({ name: "lista.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.7\n") });
    await review();
    await expect(refused).toContainText("El archivo no es un CSV ni un XLSX");

    await page.getByLabel("Archivo CSV o XLSX").setInputFiles({ name: "grande.csv", mimeType: "text/csv", buffer: Buffer.alloc(5 * 1024 * 1024 + 10, "2") });
    await review();
    await expect(refused).toContainText("pesa más de 5 MB");

    await page.getByLabel("Archivo CSV o XLSX").setInputFiles({ name: "vacia.xlsx", mimeType: XLSX, buffer: await spreadsheet([["", ok[0]], ["", ok[1]]]) });
    await review();
    await expect(refused).toContainText("La primera columna está vacía");

    await page.getByLabel("Archivo CSV o XLSX").setInputFiles([]);
    await page.getByLabel("O pegá la lista").fill(Array.from({ length: 1001 }, () => ok[0]).join("\n"));
    await review();
    await expect(refused).toContainText("hasta 1.000 CUIT o DNI");

    await page.getByLabel("O pegá la lista").fill(`${hyphenated(ok[0])}\nhola`);
    await review();
    await expect(page.getByRole("region", { name: "Filas de la lista" }).locator("tbody tr")).toHaveCount(2);
    await expect(page.getByRole("region", { name: "Filas de la lista" }).locator('tbody tr[data-invalid="true"]')).toHaveCount(1);
    await page.goto("/informes/lote");
    await expect(page.getByText("Todavía no generaste lotes")).toBeVisible();
  });
});
