import { DEMO_ADMIN, expect, logIn, signUp, test } from "./fixtures";

test("an admin loads balance and suspends an account; the customer sees both and the audit log records them", async ({ page, browser }) => {
  const person = await signUp(page);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logIn(admin, DEMO_ADMIN);
  await admin.goto("/admin/cuentas");
  await admin.getByLabel("Email").fill(person.email);
  await admin.getByRole("button", { name: "Buscar" }).click();
  await admin.getByRole("link", { name: person.email }).click();
  await expect(admin.getByRole("heading", { name: person.email, level: 1 })).toBeVisible();

  // A balance load is reviewed first: what is credited, to whom, and nothing moves before "Confirmar".
  await admin.getByLabel("Unidades").fill("400");
  await admin.getByLabel("Nota (opcional)").fill("bonificación de bienvenida");
  await admin.getByRole("button", { name: "Revisar la carga" }).click();
  const review = admin.getByTestId("balance-load-review");
  await expect(review.getByRole("heading", { name: "¿Cargar 400 unidades?" })).toBeFocused();
  await expect(review).toContainText(person.email);
  await expect(review).toContainText("2 informes nuevos o 8 actualizaciones");
  await expect(review).toContainText("Nota: bonificación de bienvenida");
  // Going back changes nothing; the values are still there to correct.
  await review.getByRole("button", { name: "Volver" }).click();
  await expect(admin.getByLabel("Unidades")).toHaveValue("400");
  await expect(admin.getByTestId("balance-load-review")).toHaveCount(0);
  await admin.getByRole("button", { name: "Revisar la carga" }).click();
  await review.getByRole("button", { name: "Confirmar" }).click();
  await expect(admin.getByText("Cargamos 400 unidades. Comprado disponible: 400.")).toBeVisible();
  // The form starts over, empty, for the next load.
  await expect(admin.getByLabel("Unidades")).toHaveValue("");

  await admin.getByRole("button", { name: "Suspender cuenta" }).click();
  await admin.getByRole("dialog", { name: "¿Suspender la cuenta?" }).getByRole("button", { name: "Suspender" }).click();
  await expect(admin.getByText("Suspendida", { exact: true })).toBeVisible();
  const audit = admin.getByRole("region", { name: "Auditoría de la cuenta" });
  await expect(audit.getByRole("row").filter({ hasText: "Carga de saldo" })).toContainText(DEMO_ADMIN.email);
  await expect(audit.getByRole("row").filter({ hasText: "Carga de saldo" })).toContainText("Unidades: 400 · Nota: «bonificación de bienvenida»");
  await expect(audit.getByRole("row").filter({ hasText: "Suspensión" })).toContainText(DEMO_ADMIN.email);

  // The customer: while suspended, every page of the account answers with the suspension, as the API does.
  await page.goto("/cuenta/saldo");
  await expect(page.getByRole("heading", { name: "Tu cuenta está suspendida", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Comprado" })).toHaveCount(0);
  await page.goto("/cuenta/claves");
  await expect(page.getByRole("heading", { name: "Tu cuenta está suspendida", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Crear clave" })).toHaveCount(0);

  // Reactivated: the load is in the purchased pocket and the ledger, and the same action works.
  await admin.getByRole("button", { name: "Reactivar cuenta" }).click();
  await admin.getByRole("dialog", { name: "¿Reactivar la cuenta?" }).getByRole("button", { name: "Reactivar" }).click();
  await expect(admin.getByText("Activa", { exact: true })).toBeVisible();
  await expect(audit.getByRole("row").filter({ hasText: "Reactivación" })).toContainText(DEMO_ADMIN.email);
  await adminContext.close();
  await page.goto("/cuenta/saldo");
  await expect(page.getByRole("region", { name: "Comprado" })).toContainText("2 informes nuevos");
  await expect(page.getByRole("row").filter({ hasText: "Carga de saldo" })).toContainText("bonificación de bienvenida");
  await page.goto("/cuenta/claves");
  await page.getByLabel("Nombre de la clave").fill("después de reactivar");
  await page.getByRole("button", { name: "Crear clave" }).click();
  await expect(page.getByTestId("new-api-key")).toBeVisible();
});
