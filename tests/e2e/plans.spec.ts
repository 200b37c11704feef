import { expect, logIn, newPerson, screenshot, signUp, test, DEMO_ADMIN } from "./fixtures";
import { withServerDb } from "./database";
import { setPlan } from "./flows";

const DEUDORES = "ar-bcra-central-deudores";

test.describe("plans as sold", () => {
  test("a Pro customer downloads a CSV within its monthly count, sees what is left and is refused past it", async ({ page, browser }) => {
    const person = await signUp(page);
    await setPlan(browser, person.email, "pro");
    await page.goto(`/datasets/${DEUDORES}`);
    const snapshot = page.getByRole("region", { name: "Snapshot actual", exact: true });
    await expect(snapshot.getByTestId("csv-quota")).toHaveText("Te quedan 100 descargas CSV este mes");
    // Pro has no Parquet (parquet_enabled false), and the page says where it is.
    await expect(snapshot.getByRole("link", { name: /^Descargar Parquet/ })).toHaveCount(0);
    await expect(snapshot).toContainText("Tu plan incluye 100 descargas CSV por mes");
    await screenshot(page, "dataset-pro");

    const [download] = await Promise.all([page.waitForEvent("download"), snapshot.getByRole("link", { name: /^Descargar CSV/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    await expect(snapshot.getByTestId("csv-quota")).toHaveText("Te quedan 99 descargas CSV este mes");
    await page.reload();
    await expect(snapshot.getByTestId("csv-quota")).toHaveText("Te quedan 99 descargas CSV este mes");

    // The rest of the month's 100 spent (no test downloads 99 files): the button goes, and the address refuses.
    await withServerDb(
      (sql) => sql`update csv_download_usage set downloads = 100 where account_id = (select account_id from users where email = ${person.email})`,
    );
    await page.reload();
    await expect(snapshot.getByTestId("csv-quota")).toHaveText("No te quedan descargas CSV este mes");
    await expect(snapshot.getByRole("link", { name: /^Descargar CSV/ })).toHaveCount(0);
    await page.goto(`/datasets/${DEUDORES}/descargar?formato=csv`);
    await page.waitForURL(/descarga=cuota/);
    await expect(snapshot.getByRole("alert")).toContainText("Ya usaste todas las descargas CSV de tu plan este mes");
    await screenshot(page, "dataset-pro-sin-cupo");
  });

  test("plan cards say what each plan lacks, and a paid plan's button records a request the admins see", async ({ page, browser }) => {
    await page.goto("/");
    const free = page.locator('li[data-plan="free"]');
    await expect(free.getByText("Sin descargas Parquet")).toBeVisible();
    await expect(free.locator("li", { hasText: "Sin descargas Parquet" })).not.toContainText("✓");
    await expect(free.getByText("No incluye: Sin descargas Parquet")).toHaveCount(1);
    await expect(page.locator('li[data-plan="pro"]').getByRole("link", { name: "Empezar en Free y pedir Pro" })).toHaveAttribute("href", "/signup");
    await expect(page.locator('li[data-plan="pro"]')).toContainText("Descargas CSV: 100 por mes");

    const person = await signUp(page, newPerson());
    await page.goto("/planes");
    await page.getByRole("button", { name: "Pedir Pro" }).click();
    // The button gives way to the request's note, which stays there on later visits.
    await expect(page.getByRole("status").filter({ hasText: "registramos tu pedido" })).toContainText(/^Pediste Pro el \d{2}\/\d{2}\/\d{4}/);
    await page.reload();
    await expect(page.getByTestId("plan-pedido-pro")).toContainText("Pediste Pro el");
    await expect(page.getByRole("button", { name: "Pedir Pro" })).toHaveCount(0);

    const context = await browser.newContext();
    const admin = await context.newPage();
    await logIn(admin, DEMO_ADMIN);
    await admin.goto("/admin/solicitudes");
    const item = admin.locator("li[data-request-id]", { hasText: person.email });
    await expect(item).toContainText("Pro");
    await item.getByRole("button", { name: "Marcar atendida" }).click();
    // Handled, it moves from the pending list to the handled one.
    const handled = admin.getByRole("list", { name: "Solicitudes atendidas" }).locator("li[data-request-id]", { hasText: person.email });
    await expect(handled).toContainText("Atendida");
    await expect(admin.getByRole("list", { name: "Solicitudes pendientes" }).locator("li[data-request-id]", { hasText: person.email })).toHaveCount(0);
    await context.close();
  });
});
