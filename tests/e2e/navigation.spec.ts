import { DEMO_ADMIN, expect, logIn, newPerson, signUp, test } from "./fixtures";

test.describe("navigation, sessions and keyboard", () => {
  test("the skip link is the first stop and moves focus to the content; focus is visible", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Saltar al contenido" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#contenido")).toBeFocused();
    await page.keyboard.press("Tab");
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).not.toBe("none");
  });

  test("the account area asks for a login and comes back to the page afterwards", async ({ page }) => {
    const person = await signUp(page);
    await page.getByRole("button", { name: "Salir" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByRole("link", { name: "Ingresar" }).first()).toBeVisible();
    await page.goto("/cuenta/saldo");
    await page.waitForURL(/\/login\?next=%2Fcuenta%2Fsaldo$/);
    await page.getByLabel("Email").fill(person.email);
    await page.getByLabel("Contraseña").fill(person.password);
    await page.getByRole("button", { name: "Ingresar" }).click();
    await page.waitForURL("**/cuenta/saldo");
    await expect(page.getByRole("heading", { name: "Saldo y packs", level: 1 })).toBeVisible();
  });

  test("sign-up errors are shown inline", async ({ page }) => {
    const person = await signUp(page);
    await page.getByRole("button", { name: "Salir" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto("/signup");
    await page.getByLabel("Email").fill(person.email);
    await page.getByLabel("Contraseña").fill("otra-clave-larga");
    await page.getByRole("button", { name: "Crear cuenta gratis" }).click();
    const email = page.getByLabel("Email");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription(/Ya hay una cuenta con ese email/);
    await expect(email).toHaveValue(person.email);
  });

  test.describe("wrong password", () => {
    // next-auth answers a failed credentials check with 401, which the browser itself logs as a failed resource.
    test.use({ allowConsole: [/status of 401/] });
    test("a wrong password is an inline error", async ({ page }) => {
      await page.goto("/login");
      await page.getByLabel("Email").fill(newPerson().email);
      await page.getByLabel("Contraseña").fill("no-es-esta");
      await page.getByRole("button", { name: "Ingresar" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "contraseña" })).toHaveText("El email o la contraseña no son correctos.");
    });
  });

  test.describe("admin area", () => {
    test.use({ allowConsole: [/status of 404/] });
    test("is a 404 for visitors and customers, and open to admins", async ({ page, browser }) => {
      for (const path of ["/admin", "/admin/cuentas", "/admin/pedidos"]) {
        expect((await page.goto(path))!.status(), path).toBe(404);
      }
      await signUp(page);
      expect((await page.goto("/admin"))!.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "No encontramos esta página" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Admin" })).toHaveCount(0);

      const adminContext = await browser.newContext();
      const admin = await adminContext.newPage();
      await logIn(admin, DEMO_ADMIN);
      await admin.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Admin" }).click();
      await expect(admin.getByRole("heading", { name: "Consola de administración" })).toBeVisible();
      await expect(admin.getByRole("navigation", { name: "Administración" }).getByRole("link")).toContainText(["Resumen", "Cuentas", "Pedidos", "Auditoría"]);
      await adminContext.close();
    });
  });
});
