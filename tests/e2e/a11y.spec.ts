import { auditPage as audit, DEMO_ADMIN, expect, expectAccessible, logIn, PHONE, screenshot, signUp, test } from "./fixtures";

test.describe("accessibility and screenshots of every page", () => {
  test("public pages", async ({ page }) => {
    await audit(page, "/", "inicio");
    await audit(page, "/planes", "planes");
    await audit(page, "/login", "login");
    await audit(page, "/signup", "signup");

    // The folded phone menu, open.
    await page.setViewportSize(PHONE);
    await page.goto("/");
    await page.getByText("Menú").click();
    await expect(page.getByRole("navigation", { name: "Principal (móvil)" })).toBeVisible();
    await expectAccessible(page, "menú móvil");
    await screenshot(page, "menu-movil-375");
  });

  test.describe("not found", () => {
    test.use({ allowConsole: [/status of 404/] });
    test("404 page", async ({ page }) => {
      await audit(page, "/no-existe", "404", 404);
    });
  });

  test("customer pages", async ({ page }) => {
    await signUp(page);
    await audit(page, "/cuenta", "cuenta");

    await page.goto("/cuenta/claves");
    await page.getByLabel("Nombre de la clave").fill("Integración");
    await page.getByRole("button", { name: "Crear clave" }).click();
    await expect(page.getByTestId("new-api-key")).toBeVisible();
    await expectAccessible(page, "claves con la clave nueva a la vista");
    await audit(page, "/cuenta/claves", "claves");
    await page.getByRole("button", { name: "Revocar la clave Integración" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectAccessible(page, "diálogo de revocación");
    await screenshot(page, "claves-dialogo");
    await page.getByRole("dialog").getByRole("button", { name: "Volver" }).click();

    await page.goto("/cuenta/saldo");
    await page.getByRole("button", { name: "Pedir el pack de 5 informes" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Hacer el pedido" }).click();
    await page.waitForURL(/\/cuenta\/pedidos\/ord_/);
    const orderPath = new URL(page.url()).pathname;
    await audit(page, "/cuenta/saldo", "saldo");
    await audit(page, orderPath, "pedido");
  });

  test("admin pages", async ({ page }) => {
    await logIn(page, DEMO_ADMIN);
    await audit(page, "/admin", "admin");
    await audit(page, "/admin/cuentas", "admin-cuentas");
    await page.goto("/admin/cuentas?q=cliente%40legajo.demo");
    await page.getByRole("link", { name: "cliente@legajo.demo" }).click();
    await expect(page.getByRole("heading", { name: "cliente@legajo.demo", level: 1 })).toBeVisible();
    await audit(page, new URL(page.url()).pathname, "admin-cuenta");
    await audit(page, "/admin/pedidos", "admin-pedidos");
    await audit(page, "/admin/auditoria", "admin-auditoria");
  });
});
