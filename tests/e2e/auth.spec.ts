import { expect, logIn, newPerson, signUp, test } from "./fixtures";
import { linkIn, mailCount, waitForMail } from "./mail";

test.describe("sign-in throttling, password change and reset", () => {
  // next-auth answers a failed credentials check with 401 and a throttled one with 429; the browser logs both.
  test.use({ allowConsole: [/status of (401|429)/] });

  test("repeated wrong passwords for one account are slowed down with a Spanish message", async ({ page }) => {
    const person = newPerson();
    await page.goto("/login");
    await page.getByLabel("Email").fill(person.email);
    const wrong = page.getByRole("alert").filter({ hasText: "El email o la contraseña no son correctos." });
    for (let i = 0; i < 5; i++) {
      await page.getByLabel("Contraseña").fill(`equivocada-${i}-larga`);
      await page.getByRole("button", { name: "Ingresar" }).click();
      await expect(wrong).toBeVisible();
      await expect(page.getByRole("button", { name: "Ingresar" })).toBeEnabled();
    }
    await page.getByLabel("Contraseña").fill("equivocada-6-larga");
    await page.getByRole("button", { name: "Ingresar" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Demasiados intentos" })).toHaveText(
      /^Demasiados intentos\. Esperá \d+ (segundos?|minutos?) y probá de nuevo\.$/,
    );
  });

  test("changing the password ends the other sessions and keeps this one signed in", async ({ page, browser }) => {
    const person = await signUp(page);
    const other = await browser.newContext();
    const elsewhere = await other.newPage();
    await logIn(elsewhere, person);

    await page.goto("/cuenta");
    const newPassword = `nueva-${person.password}`;
    await page.getByLabel("Contraseña actual").fill(person.password);
    await page.getByLabel("Contraseña nueva", { exact: true }).fill(newPassword);
    await page.getByLabel("Repetí la contraseña nueva").fill(newPassword);
    await page.getByRole("button", { name: "Cambiar contraseña" }).click();
    await page.waitForURL("**/cuenta?contrasena=cambiada");
    await expect(page.getByRole("status").filter({ hasText: "Cambiaste tu contraseña" })).toBeVisible();

    await elsewhere.goto("/cuenta/saldo");
    await elsewhere.waitForURL(/\/login\?next=%2Fcuenta%2Fsaldo$/);
    await other.close();
  });

  test("a reset link mailed to the address sets a new password once and ends every session", async ({ page, browser }) => {
    const person = await signUp(page);
    const other = await browser.newContext();
    const visitor = await other.newPage();
    await visitor.goto("/login");
    await visitor.getByRole("link", { name: "¿Olvidaste tu contraseña?" }).click();
    await visitor.waitForURL("**/recuperar-contrasena");
    const before = mailCount(person.email);
    await visitor.getByLabel("Email").fill(person.email);
    await visitor.getByRole("button", { name: "Enviarme el enlace" }).click();
    await expect(visitor.getByRole("status").filter({ hasText: "Revisá tu email" })).toBeVisible();
    const link = linkIn(await waitForMail(person.email, { after: before }), "/recuperar-contrasena/nueva");

    const newPassword = `repuesta-${person.password}`;
    await visitor.goto(link);
    await visitor.getByLabel("Contraseña nueva", { exact: true }).fill(newPassword);
    await visitor.getByLabel("Repetí la contraseña nueva").fill(newPassword);
    await visitor.getByRole("button", { name: "Guardar la contraseña nueva" }).click();
    await expect(visitor.getByRole("status").filter({ hasText: "tu contraseña cambió" })).toBeVisible();

    // The link is spent, and the session opened before the reset is over.
    await visitor.goto(link);
    await expect(visitor.getByText("El enlace no es válido o ya se usó. Pedí uno nuevo.")).toBeVisible();
    await page.goto("/cuenta");
    await page.waitForURL(/\/login\?next=%2Fcuenta$/);
    await logIn(page, { email: person.email, password: newPassword });
    await other.close();
  });

  test("signing out ends the session for good: its cookie no longer opens the account", async ({ page }) => {
    await signUp(page);
    const cookies = await page.context().cookies();
    await page.getByRole("button", { name: "Salir" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.context().addCookies(cookies);
    await page.goto("/cuenta");
    await page.waitForURL(/\/login\?next=%2Fcuenta$/);
    const api = await page.request.get("/v1/balance");
    expect(api.status()).toBe(401);
  });
});
