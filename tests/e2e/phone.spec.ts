import type { Page } from "@playwright/test";
import { DEMO_ADMIN, expect, expectNoHorizontalOverflow, logIn, newPerson, PHONE, screenshot, signUp, test } from "./fixtures";
import { demoCuits, hyphenated } from "./demo-data";
import { asAdmin, generateReport, loadBalance, setPlan } from "./flows";

/**
 * Every page of the app on a 375-pixel phone: the page never scrolls sideways, and every table cell is on the
 * screen (tables stack into labelled cards instead of hiding columns off to the right). The pages with data
 * (a report, an order, a batch, watched CUITs, an account with a very long e-mail) are visited with data in them.
 */

/** No cell of any table sticks out of the screen, and a stacked cell says which column it is. */
async function expectTablesOnScreen(page: Page, label: string): Promise<void> {
  // The labels are copied from the headers once the page is interactive.
  await expect
    .poll(() => page.evaluate(() => [...document.querySelectorAll(".table-stack > tbody > tr > *")].filter((c) => !c.hasAttribute("data-label")).length), {
      message: `stacked cells without their column's label on ${label}`,
    })
    .toBe(0);
  const { outside, unlabelled } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const cells = [...document.querySelectorAll("tbody td, tbody th")].filter((c) => (c as HTMLElement).offsetParent !== null);
    return {
      outside: cells.filter((c) => c.getBoundingClientRect().right > width + 1).map((c) => (c.textContent ?? "").trim().slice(0, 40)),
      unlabelled: cells.filter((c) => c.closest(".table-stack") && !c.hasAttribute("data-label")).length,
    };
  });
  expect(outside, `table cells off-screen on ${label}`).toEqual([]);
  expect(unlabelled, `stacked cells without their column's label on ${label}`).toBe(0);
}

async function onPhone(page: Page, path: string, name: string, status = 200): Promise<void> {
  const res = await page.goto(path);
  expect(res!.status(), path).toBe(status);
  await expect(page.locator("main#contenido")).toBeVisible();
  await expectNoHorizontalOverflow(page, `${name} (375 px)`);
  await expectTablesOnScreen(page, `${name} (375 px)`);
  await screenshot(page, `telefono-${name}`);
}

test.use({ viewport: PHONE });

test.describe("every page at 375 px", () => {
  test("public pages", async ({ page }) => {
    for (const [path, name] of [
      ["/", "inicio"],
      ["/planes", "planes"],
      ["/login", "login"],
      ["/signup", "signup"],
      ["/recuperar-contrasena", "recuperar-contrasena"],
      ["/recuperar-contrasena/nueva?token=vencido.o-falso", "recuperar-contrasena-nueva"],
      ["/verificar-email?token=sin.verificar", "verificar-email"],
      ["/datasets", "catalogo"],
      ["/datasets/ar-bcra-central-deudores", "dataset"],
      ["/docs/mcp", "docs-mcp"],
      ["/docs", "docs"],
    ]) {
      await onPhone(page, path, name);
    }
  });

  test.describe("not found", () => {
    test.use({ allowConsole: [/status of 404/] });
    test("404 page", async ({ page }) => {
      await onPhone(page, "/no-existe", "404", 404);
    });
  });

  test("customer and admin pages, with data in them", async ({ page, browser }) => {
    test.setTimeout(240_000);
    const { ok, parcial } = demoCuits();
    // A long address: the admin's account page has it as its heading.
    const person = await signUp(page, { ...newPerson(), email: `e2e-una-direccion-de-correo-muy-larga-${Date.now()}@empresa-con-nombre-largo.example.test` });
    await setPlan(browser, person.email, "ultimate");
    await loadBalance(browser, person.email, 800);

    // A report, an order, a batch and a watched CUIT, so that every list has rows.
    const reportId = await generateReport(page, parcial[0]);
    await page.goto("/cuenta/saldo");
    await page.getByRole("button", { name: "Pedir el pack de 5 informes" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Hacer el pedido" }).click();
    await page.waitForURL(/\/cuenta\/pedidos\/ord_/);
    const orderPath = new URL(page.url()).pathname;
    await page.goto("/informes/lote");
    await page.getByLabel("Archivo CSV o XLSX").setInputFiles({ name: "lista.csv", mimeType: "text/csv", buffer: Buffer.from(`cuit\n${ok[0]}\n${ok[1]}\n20123456780\n`) });
    await page.getByRole("button", { name: "Revisar la lista" }).click();
    await expectNoHorizontalOverflow(page, "vista previa del lote (375 px)");
    await expectTablesOnScreen(page, "vista previa del lote (375 px)");
    await page.getByRole("button", { name: /^Confirmar y generar/ }).click();
    await page.waitForURL(/\/informes\/lote\/lot_/);
    const batchPath = new URL(page.url()).pathname;
    await expect(page.getByText("Completado", { exact: true })).toBeVisible({ timeout: 30_000 });
    await page.goto("/cuenta/claves");
    await page.getByLabel("Nombre de la clave").fill("Integración con el sistema de cuentas corrientes");
    await page.getByRole("button", { name: "Crear clave" }).click();
    await expect(page.getByTestId("new-api-key")).toBeVisible();
    await page.goto("/monitoreo");
    await page.getByLabel("CUIT o DNI, uno por línea").fill(`${hyphenated(ok[0])}, Proveedor principal con un nombre bastante largo`);
    await page.getByRole("button", { name: "Agregar", exact: true }).click();
    await expect(page.getByText(/Agregaste 1 CUIT/)).toBeVisible();

    for (const [path, name] of [
      ["/cuenta", "cuenta"],
      ["/cuenta/claves", "claves"],
      ["/cuenta/saldo", "saldo"],
      [orderPath, "pedido"],
      ["/informes", "informes"],
      ["/informes/nuevo", "informe-nuevo"],
      [`/informes/nuevo?cuit=${ok[2]}`, "informe-nuevo-cotizacion"],
      [`/informes/${reportId}`, "informe"],
      ["/informes/lote", "lotes"],
      [batchPath, "lote"],
      ["/monitoreo", "monitoreo"],
    ]) {
      await onPhone(page, path, name);
    }
    // "Movimientos" shows its units and "Tus pedidos" its state, on screen.
    await page.goto("/cuenta/saldo");
    for (const cell of [
      page.getByRole("region", { name: "Movimientos del saldo" }).locator('td[data-label="Unidades"]').first(),
      page.getByRole("region", { name: "Pedidos de packs" }).locator('td[data-label="Estado"]').first(),
    ]) {
      await cell.scrollIntoViewIfNeeded();
      await expect(cell).toBeInViewport({ ratio: 1 });
    }
    await page.goto("/cuenta/claves");
    const keyState = page.getByRole("region", { name: "Claves de API de la cuenta" }).locator('td[data-label="Estado"]').first();
    await keyState.scrollIntoViewIfNeeded();
    await expect(keyState).toBeInViewport({ ratio: 1 });

    await asAdmin(browser, async (admin) => {
      await admin.setViewportSize(PHONE);
      await admin.goto(`/admin/cuentas?q=${encodeURIComponent(person.email)}`);
      await admin.getByRole("link", { name: person.email }).click();
      await admin.waitForURL(/\/admin\/cuentas\/[^/?]+$/);
      const accountPath = new URL(admin.url()).pathname;
      for (const [path, name] of [
        ["/admin", "admin"],
        ["/admin/cuentas", "admin-cuentas"],
        [accountPath, "admin-cuenta"],
        ["/admin/pedidos", "admin-pedidos"],
        ["/admin/solicitudes", "admin-solicitudes"],
        ["/admin/informes", "admin-informes"],
        ["/admin/datasets", "admin-datasets"],
        ["/admin/auditoria", "admin-auditoria"],
        [`/informes/${reportId}`, "admin-informe-ajeno"],
      ]) {
        await onPhone(admin, path, name);
      }
      // The long e-mail wraps inside the heading.
      await admin.goto(accountPath);
      const heading = admin.getByRole("heading", { level: 1, name: person.email });
      expect((await heading.boundingBox())!.width).toBeLessThanOrEqual(PHONE.width);
      // The order's Confirmar and Cancelar are on screen.
      await admin.goto("/admin/pedidos");
      for (const button of [admin.getByRole("button", { name: /^Confirmar pago/ }).first(), admin.getByRole("button", { name: /^Cancelar/ }).first()]) {
        await button.scrollIntoViewIfNeeded();
        await expect(button).toBeInViewport({ ratio: 1 });
      }
    });
  });

  test("the admin sub-navigation shows that it scrolls, and its arrow reaches the last sections", async ({ page }) => {
    await logIn(page, DEMO_ADMIN);
    await page.goto("/admin");
    const nav = page.getByRole("navigation", { name: "Administración" });
    const more = page.getByTestId("scroll-hint-right");
    await expect(more).toBeVisible();
    await expect(nav.getByRole("link", { name: "Auditoría" })).not.toBeInViewport();
    for (let i = 0; i < 8 && (await more.isVisible()); i++) {
      await more.click();
      await page.waitForTimeout(400);
    }
    await expect(nav.getByRole("link", { name: "Auditoría" })).toBeInViewport();
    await expect(nav.getByRole("link", { name: "Datasets" })).toBeInViewport({ ratio: 0.5 });
    await expect(more).toBeHidden();
    await expect(page.getByTestId("scroll-hint-left")).toBeVisible();
    // The section being shown is scrolled into view by itself.
    await nav.getByRole("link", { name: "Auditoría" }).click();
    await page.waitForURL("**/admin/auditoria");
    await expect(nav.getByRole("link", { name: "Auditoría" })).toBeInViewport();
  });
});
