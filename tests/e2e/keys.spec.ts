import { DEMO_ADMIN, expect, logIn, screenshot, signUp, test } from "./fixtures";

test.describe("API keys", () => {
  test("a new user signs up, creates a key that reads /v1/balance once the plan has the API, revokes it and the key gets 401", async ({ page, browser }) => {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    const person = await signUp(page);

    // Create a key: the full key is shown once, with a copy button and a warning.
    await page.goto("/cuenta/claves");
    await expect(page.getByText("Tu plan no incluye la API REST")).toBeVisible();
    await page.getByLabel("Nombre de la clave").fill("ERP producción");
    await page.getByRole("button", { name: "Crear clave" }).click();
    const shown = page.getByTestId("new-api-key");
    await expect(shown).toHaveText(/^lgj_[0-9A-Za-z]{43}$/);
    const key = (await shown.textContent())!;
    await expect(page.getByText("no la vas a poder ver de nuevo")).toBeVisible();
    await page.getByRole("button", { name: "Copiar clave" }).click();
    await expect(page.getByText("¡Copiada!")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    const row = page.getByRole("row", { name: /ERP producción/ });
    await expect(row).toContainText(`${key.slice(0, 8)}…`);
    await expect(row).toContainText("Activa");
    await expect(row).toContainText("Nunca");
    await page.getByRole("button", { name: "Ya la guardé" }).click();
    await expect(shown).toHaveCount(0);

    // On the free plan the key authenticates but the REST channel is closed.
    const auth = { Authorization: `Bearer ${key}` };
    const closed = await page.request.get("/v1/balance", { headers: auth });
    expect(closed.status()).toBe(403);
    expect(await closed.json()).toMatchObject({ error: "channel_disabled", upgrade_url: expect.stringMatching(/\/planes$/) });

    // An admin moves the account to Ultimate from the console.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await logIn(admin, DEMO_ADMIN);
    await admin.goto(`/admin/cuentas?q=${encodeURIComponent(person.email)}`);
    await admin.getByRole("link", { name: person.email }).click();
    await admin.getByLabel("Nuevo plan").selectOption("ultimate");
    await admin.getByRole("button", { name: "Cambiar plan" }).click();
    await expect(admin.getByText("Plan cambiado a Ultimate.")).toBeVisible();
    await adminContext.close();

    const open = await page.request.get("/v1/balance", { headers: auth });
    expect(open.status()).toBe(200);
    const balance = await open.json();
    expect(Object.keys(balance).sort()).toEqual(["comprado", "cupo"]);
    expect(balance.cupo).toMatchObject({ unidades_mensuales: 20_000, unidades_usadas: 0 });

    // Revoke, with confirmation.
    await page.reload();
    await expect(row).toContainText("Activa");
    await page.getByRole("button", { name: "Revocar la clave ERP producción" }).click();
    const dialog = page.getByRole("dialog", { name: "¿Revocar la clave «ERP producción»?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Sí, revocar" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText("Revocada");
    await expect(page.getByRole("button", { name: "Revocar la clave ERP producción" })).toHaveCount(0);
    await screenshot(page, "claves-revocada");

    const revoked = await page.request.get("/v1/balance", { headers: auth });
    expect(revoked.status()).toBe(401);
    expect((await revoked.json()).error).toBe("unauthenticated");
  });

  test("at the limit of 10 active keys the form gives way to a clear message", async ({ page }) => {
    await signUp(page);
    await page.goto("/cuenta/claves");
    for (let i = 1; i <= 10; i++) {
      await page.getByLabel("Nombre de la clave").fill(`clave ${i}`);
      await page.getByRole("button", { name: "Crear clave" }).click();
      await expect(page.getByRole("row", { name: new RegExp(`clave ${i}\\b`) })).toBeVisible();
    }
    await expect(page.getByText("Llegaste al máximo de 10 claves activas")).toBeVisible();
    await expect(page.getByLabel("Nombre de la clave")).toHaveCount(0);
    await expect(page.getByText("10 de 10 activas.")).toBeVisible();

    // Revoking one frees a slot.
    await page.getByRole("button", { name: "Revocar la clave clave 3" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Sí, revocar" }).click();
    await expect(page.getByLabel("Nombre de la clave")).toBeVisible();
    await expect(page.getByText("9 de 10 activas.")).toBeVisible();
  });
});
