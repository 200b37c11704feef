import { DEMO_ADMIN, expect, logIn, screenshot, signUp, test } from "./fixtures";

test("a user orders a pack, an admin confirms the transfer and the balance shows it", async ({ page, browser }) => {
  const person = await signUp(page);

  await page.goto("/cuenta/saldo");
  const comprado = page.getByRole("region", { name: "Comprado" });
  await expect(comprado).toContainText("0 informes nuevos");
  await page.getByRole("button", { name: "Pedir el pack de 5 informes" }).click();
  const confirm = page.getByRole("dialog", { name: "¿Pedir el pack de 5 informes?" });
  await confirm.getByRole("button", { name: "Hacer el pedido" }).click();

  // Transfer instructions, with the order id as the reference.
  await page.waitForURL(/\/cuenta\/pedidos\/ord_[0-9A-Za-z]{17}\?nuevo=1$/);
  const orderId = /ord_[0-9A-Za-z]{17}/.exec(page.url())![0];
  await expect(page.getByRole("heading", { name: `Pedido ${orderId}`, level: 1 })).toBeVisible();
  await expect(page.getByText("Pendiente de pago")).toBeVisible();
  await expect(page.getByText("0110599520000001234569")).toBeVisible();
  await expect(page.getByText("LEGAJO.DEMO.PAGOS")).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: orderId }).first()).toBeVisible();
  await screenshot(page, "pedido-pendiente");

  // The admin confirms the payment.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logIn(admin, DEMO_ADMIN);
  await admin.goto("/admin/pedidos");
  const pendingRow = admin.locator(`tr[data-order-id="${orderId}"]`);
  await expect(pendingRow).toContainText(person.email);
  await expect(pendingRow).toContainText("Pendiente de pago");
  await pendingRow.getByRole("button", { name: `Confirmar pago del pedido ${orderId}` }).click();
  await admin.getByRole("dialog", { name: `¿Confirmar el pago del pedido ${orderId}?` }).getByRole("button", { name: "Confirmar y acreditar" }).click();
  await expect(admin.locator(`tr[data-order-id="${orderId}"]`)).toContainText("Acreditado");
  await expect(admin.locator(`tr[data-order-id="${orderId}"]`)).toContainText(`por ${DEMO_ADMIN.email}`);
  await screenshot(admin, "admin-pedidos");

  // The audit log records who confirmed it.
  await admin.goto("/admin/auditoria");
  await expect(admin.getByRole("row").filter({ hasText: "Pedido acreditado" }).filter({ hasText: orderId })).toContainText(DEMO_ADMIN.email);
  await adminContext.close();

  // The customer sees the units in the purchased pocket and in the ledger.
  await page.goto("/cuenta/saldo");
  await expect(comprado).toContainText("5 informes nuevos");
  await expect(comprado).toContainText("20 actualizaciones");
  const entry = page.getByRole("row").filter({ hasText: "Compra de pack" });
  await expect(entry).toContainText("+1.000");
  await expect(entry).toContainText(orderId);
  await expect(page.getByRole("row").filter({ hasText: orderId }).filter({ hasText: "Acreditado" })).toBeVisible();
  await page.goto(`/cuenta/pedidos/${orderId}`);
  await expect(page.getByText("Pago confirmado")).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancelar pedido" })).toHaveCount(0);
});

test("a user cancels a pending order and it is never credited", async ({ page }) => {
  await signUp(page);
  await page.goto("/cuenta/saldo");
  await page.getByRole("button", { name: "Pedir el pack de 20 informes" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Hacer el pedido" }).click();
  await page.waitForURL(/\/cuenta\/pedidos\/ord_/);
  await page.getByRole("button", { name: "Cancelar pedido" }).click();
  await page.getByRole("dialog", { name: "¿Cancelar este pedido?" }).getByRole("button", { name: "Sí, cancelar" }).click();
  await expect(page.getByText("Pedido cancelado", { exact: true })).toBeVisible();
  await page.goto("/cuenta/saldo");
  await expect(page.getByRole("region", { name: "Comprado" })).toContainText("0 informes nuevos");
});
