import type { Browser, Page } from "@playwright/test";
import { DEMO_ADMIN, expect, logIn } from "./fixtures";
import { hyphenated } from "./demo-data";

/** Runs `act` as the demo admin in a browser context of its own, so the customer's session is untouched. */
export async function asAdmin(browser: Browser, act: (admin: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext();
  try {
    const admin = await context.newPage();
    await logIn(admin, DEMO_ADMIN);
    await act(admin);
  } finally {
    await context.close();
  }
}

async function openAccount(admin: Page, email: string): Promise<void> {
  await admin.goto(`/admin/cuentas?q=${encodeURIComponent(email)}`);
  await admin.getByRole("link", { name: email }).click();
  await expect(admin.getByRole("heading", { name: email, level: 1 })).toBeVisible();
}

/** The admin console's plan change, as an operator would do it. */
export async function setPlan(browser: Browser, email: string, plan: string): Promise<void> {
  await asAdmin(browser, async (admin) => {
    await openAccount(admin, email);
    await admin.getByLabel("Nuevo plan").selectOption(plan);
    await admin.getByRole("button", { name: "Cambiar plan" }).click();
    await expect(admin.getByText(`Plan cambiado a ${plan.charAt(0).toUpperCase()}${plan.slice(1)}.`)).toBeVisible();
  });
}

/** The admin console's balance load into the purchased pocket, reviewed and confirmed. */
export async function loadBalance(browser: Browser, email: string, units: number): Promise<void> {
  await asAdmin(browser, async (admin) => {
    await openAccount(admin, email);
    await admin.getByLabel("Unidades").fill(String(units));
    await admin.getByRole("button", { name: "Revisar la carga" }).click();
    await admin.getByTestId("balance-load-review").getByRole("button", { name: "Confirmar" }).click();
    await expect(admin.getByText(new RegExp(`Cargamos ${units} unidades`))).toBeVisible();
  });
}

/** Quote and confirm a report through the pages; returns the new report's id. */
export async function generateReport(page: Page, cuit: string): Promise<string> {
  await page.goto(`/informes/nuevo?cuit=${encodeURIComponent(hyphenated(cuit))}`);
  await page.getByRole("button", { name: /^Confirmar y (generar|actualizar) el informe$/ }).click();
  await page.waitForURL(/\/informes\/inf_[0-9A-Za-z]{17}\?generado=1$/);
  await expect(page.getByRole("heading", { name: "Resumen" })).toBeVisible();
  return /inf_[0-9A-Za-z]{17}/.exec(page.url())![0];
}

/** The admin console's suspension, with its confirmation. */
export async function suspend(browser: Browser, email: string): Promise<void> {
  await asAdmin(browser, async (admin) => {
    await openAccount(admin, email);
    await admin.getByRole("button", { name: "Suspender cuenta" }).click();
    await admin.getByRole("dialog", { name: "¿Suspender la cuenta?" }).getByRole("button", { name: "Suspender" }).click();
    await expect(admin.getByText("Suspendida", { exact: true })).toBeVisible();
  });
}
