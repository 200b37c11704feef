import { DEMO_ADMIN, expect, logIn, newPerson, signUp, test } from "./fixtures";
import { mailCount, waitForMail } from "./mail";

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

  test("sign-up errors are shown inline, and a registered email gets the same answer and a notice by mail", async ({ page }) => {
    const person = await signUp(page);
    await page.getByRole("button", { name: "Salir" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto("/signup");
    await page.getByLabel("Email").fill(person.email);
    await page.getByLabel("Contraseña").fill("qwerty12345");
    await page.getByRole("button", { name: "Crear cuenta gratis" }).click();
    const password = page.getByLabel("Contraseña");
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await expect(password).toHaveAccessibleDescription(/Esa contraseña es de las más usadas/);
    await expect(page.getByLabel("Email")).toHaveValue(person.email);

    // The answer does not tell whether the address has an account; the owner learns it by mail.
    const before = mailCount(person.email);
    await page.getByLabel("Contraseña").fill("otra-clave-bien-larga");
    await page.getByRole("button", { name: "Crear cuenta gratis" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Revisá tu email" })).toContainText(person.email);
    const notice = await waitForMail(person.email, { after: before });
    expect(notice.subject).toBe("Ya tenés una cuenta en Legajo");
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
