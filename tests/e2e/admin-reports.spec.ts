import { DEMO_ADMIN, expect, logIn, screenshot, signUp, test } from "./fixtures";
import { demoCuits, hyphenated } from "./demo-data";
import { generateReport } from "./flows";

test.describe("admin: reports and datasets", () => {
  test.use({ allowConsole: [/status of 404/] });

  test("an admin sees another account's report in the admin list, filters it by email and CUIT, and opens it; other customers get a 404", async ({ page, browser }) => {
    const cuit = demoCuits().ok[1];
    const owner = await signUp(page);
    const reportId = await generateReport(page, cuit);

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await logIn(admin, DEMO_ADMIN);
    await admin.goto("/admin");
    await admin.getByRole("navigation", { name: "Administración" }).getByRole("link", { name: "Informes" }).click();
    await admin.waitForURL("**/admin/informes");
    await admin.getByLabel("Email de la cuenta").fill(owner.email.toUpperCase());
    await admin.getByLabel("CUIT").fill(hyphenated(cuit).slice(0, 8));
    await admin.getByRole("button", { name: "Filtrar" }).click();
    const row = admin.locator(`tr[data-report-id="${reportId}"]`);
    await expect(row).toContainText(owner.email);
    await expect(row).toContainText(hyphenated(cuit));
    await expect(admin.locator("tr[data-report-id]")).toHaveCount(1);
    await screenshot(admin, "admin-informes");

    await row.getByRole("link", { name: hyphenated(cuit) }).click();
    await admin.waitForURL(`**/informes/${reportId}`);
    await expect(admin.getByText("Informe de otra cuenta")).toBeVisible();
    await expect(admin.getByText(`Lo generó ${owner.email}.`)).toBeVisible();
    await expect(admin.getByRole("link", { name: "Actualizar informe" })).toHaveCount(0);
    await expect(admin.locator("section p", { hasText: /^Fuente:/ })).toHaveCount(8);
    await screenshot(admin, "admin-informe-otra-cuenta");

    // Reading another account's report is in the audit log, by whom and which.
    await admin.goto("/admin/auditoria");
    await expect(admin.getByRole("row").filter({ hasText: "Informe de otra cuenta consultado" }).filter({ hasText: reportId }).first()).toContainText(
      DEMO_ADMIN.email,
    );
    await adminContext.close();

    // Another customer: the same 404 as a report that does not exist.
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signUp(other);
    expect((await other.goto(`/informes/${reportId}`))!.status()).toBe(404);
    await expect(other.getByRole("heading", { name: "No encontramos esta página" })).toBeVisible();
    expect((await other.goto("/informes/inf_00000000000000000"))!.status()).toBe(404);
    expect((await other.request.get(`/informes/${reportId}/json`)).status()).toBe(404);
    await otherContext.close();
  });

  test("an admin publishes a snapshot from its source and follows it to the end; a publication that fails says why and changes nothing", async ({ page }) => {
    await logIn(page, DEMO_ADMIN);
    await page.goto("/admin/datasets");
    const marcas = page.locator('tr[data-dataset-id="ar-inpi-marcas"]');
    const current = marcas.getByTestId("current-snapshot");
    const rowCount = current.getByText(/^[\d.]+ filas$/);
    await expect(rowCount).toBeVisible();
    const rows = (await rowCount.textContent())!.replace(" filas", "");

    await marcas.getByRole("button", { name: "Publicar snapshot de Marcas registradas" }).click();
    const done = marcas.getByRole("status").filter({ hasText: "Snapshot publicado" });
    await expect(done).toBeVisible({ timeout: 30_000 });
    await expect(done).toContainText(`Marcas registradas: datos al`);
    await expect(done).toContainText(`${rows} filas.`);
    // The table shows the new current snapshot, published just now.
    await expect(current).toContainText(/Publicado el \d{2}\/\d{2}\/\d{4}/);
    await screenshot(page, "admin-datasets-publicado");

    const boletin = page.locator('tr[data-dataset-id="ar-boletin-oficial-sociedades"]');
    await expect(boletin.getByTestId("current-snapshot")).toHaveText("Sin snapshot");
    await boletin.getByRole("button", { name: /^Publicar snapshot/ }).click();
    const failed = boletin.getByRole("alert").filter({ hasText: "No se pudo publicar" });
    await expect(failed).toBeVisible({ timeout: 30_000 });
    await expect(failed).toContainText("has no source table");
    await expect(failed).toContainText("El dataset sigue sin snapshot publicado.");
    await page.reload();
    await expect(boletin.getByTestId("current-snapshot")).toHaveText("Sin snapshot");

    await page.goto("/admin/auditoria");
    await expect(page.getByRole("row").filter({ hasText: "Snapshot publicado" }).filter({ hasText: "ar-inpi-marcas" }).first()).toContainText(DEMO_ADMIN.email);
    await expect(page.getByRole("row").filter({ hasText: "Publicación de snapshot fallida" }).filter({ hasText: "ar-boletin-oficial-sociedades" }).first()).toBeVisible();
  });
});
