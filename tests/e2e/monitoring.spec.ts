import { expect, expectAccessible, signUp, test } from "./fixtures";
import { demoCuits, hyphenated } from "./demo-data";
import { generateReport, setPlan } from "./flows";

test.describe("monitoreo", () => {
  test("a customer watches CUITs from a pasted list, removes one, sees the events and registers a webhook", async ({ page, browser }) => {
    const { ok } = demoCuits();
    const person = await signUp(page);
    await page.goto("/monitoreo");
    await expect(page.getByText("Tu plan no incluye monitoreo")).toBeVisible();
    await setPlan(browser, person.email, "ultimate");

    await page.goto("/informes");
    await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Monitoreo" }).click();
    await page.waitForURL(/\/monitoreo$/);
    await expect(page.getByText("Todavía no monitoreás ningún CUIT")).toBeVisible();
    await page.getByLabel("CUIT o DNI, uno por línea").fill(`${hyphenated(ok[0])}, Proveedor principal\n${ok[1]}\n20123456780`);
    await page.getByRole("button", { name: "Agregar", exact: true }).click();
    await expect(page.getByText("Agregaste 2 CUITs. 1 entrada no es válida: 20123456780.")).toBeVisible();
    const rows = page.getByRole("region", { name: "CUITs monitoreados, del más reciente al más antiguo" }).locator("tbody tr");
    await expect(rows).toHaveCount(2);
    await expect(page.getByRole("cell", { name: "Proveedor principal" })).toBeVisible();
    await page.getByRole("button", { name: `Quitar ${hyphenated(ok[1])}` }).click();
    // The row goes away with its form.
    await expect(rows).toHaveCount(1);
    await expect(page.getByText("Monitoreás 1 de 1.000 CUITs que permite tu plan.")).toBeVisible();

    await expect(page.getByText("Sin cambios por ahora")).toBeVisible();
    const filters = page.getByRole("navigation", { name: "Filtrar por severidad" });
    await filters.getByRole("link", { name: "Alta", exact: true }).click();
    await page.waitForURL(/severidad=alta/);
    await expect(filters.getByRole("link", { name: "Alta", exact: true })).toHaveAttribute("aria-current", "page");

    await page.getByLabel("URL del receptor").fill("https://93.184.215.14/legajo");
    await page.getByRole("button", { name: "Crear webhook" }).click();
    await expect(page.getByText(/Guardá su secreto de firma ahora.*whsec_/)).toBeVisible();
    await expect(page.getByRole("region", { name: "Webhook https://93.184.215.14/legajo" })).toContainText("Activo");
    await page.getByLabel("URL del receptor").fill("http://127.0.0.1:9/hook");
    await page.getByRole("button", { name: "Crear webhook" }).click();
    await expect(page.getByText(/dirección local o privada/)).toBeVisible();
    await expectAccessible(page, "monitoreo");

    // The second report of a CUIT compares itself with the first.
    await generateReport(page, ok[0]);
    await expect(page.getByRole("region", { name: "Cambios desde el informe anterior" })).toHaveCount(0);
    await generateReport(page, ok[0]);
    await expect(page.getByRole("region", { name: "Cambios desde el informe anterior" })).toContainText("No hubo cambios en ninguna sección.");
  });
});
