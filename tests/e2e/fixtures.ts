import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { linkIn, mailCount, waitForMail } from "./mail";

/** The demo admin that every fresh DATA_DIR gets at boot (db/seed.ts). */
export const DEMO_ADMIN = { email: "admin@legajo.demo", password: "legajo-admin-demo" };

export interface Person {
  email: string;
  password: string;
}

/**
 * Every test fails on a console error or an uncaught page error. A test that navigates to a 404 on purpose
 * declares it with `allowConsole`, which tolerates only the browser's own "failed to load resource" line.
 */
export const test = base.extend<{ consoleErrors: string[]; allowConsole: RegExp[] }>({
  allowConsole: [[], { option: true }],
  consoleErrors: [
    async ({ page, allowConsole }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() === "error" && !allowConsole.some((re) => re.test(msg.text()))) errors.push(`${msg.text()} (${msg.location().url})`);
      });
      page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export const newPerson = (): Person => ({ email: `e2e-${randomUUID().slice(0, 8)}@example.test`, password: `pw-${randomUUID()}` });

/**
 * Signs up through the form, opens the verification link the app mailed (read from the server's log, where the
 * embedded default prints its e-mails), confirms the address, signs in and waits for the account page: a new
 * account with its Free allotment, as a person who followed the e-mail would have.
 */
export async function signUp(page: Page, person: Person = newPerson(), name = "Empresa de prueba"): Promise<Person> {
  const before = mailCount(person.email);
  await page.goto("/signup");
  await page.getByLabel("Nombre o empresa (opcional)").fill(name);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Contraseña").fill(person.password);
  await page.getByRole("button", { name: "Crear cuenta gratis" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Revisá tu email" })).toBeVisible();
  const mail = await waitForMail(person.email, { after: before });
  await page.goto(linkIn(mail, "/verificar-email"));
  await page.getByRole("button", { name: "Confirmar mi email" }).click();
  await expect(page.getByRole("status").filter({ hasText: "tu email quedó confirmado" })).toBeVisible();
  await page.getByRole("link", { name: "Ingresar a mi cuenta" }).click();
  await page.waitForURL(/\/login\?next=/);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Contraseña").fill(person.password);
  await page.getByRole("button", { name: "Ingresar" }).click();
  await page.waitForURL("**/cuenta?bienvenida=1");
  await expect(page.getByRole("heading", { name: "Mi cuenta", level: 1 })).toBeVisible();
  return person;
}

/** Signs in through the form and waits for the landing page: `next`, else /admin for an admin and /cuenta for a customer. */
export async function logIn(page: Page, person: Person, next?: string): Promise<void> {
  await page.goto(next ? `/login?next=${encodeURIComponent(next)}` : "/login");
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Contraseña").fill(person.password);
  await page.getByRole("button", { name: "Ingresar" }).click();
  await page.waitForURL(`**${next ?? (person.email === DEMO_ADMIN.email ? "/admin" : "/cuenta")}`);
}

/** Saves a full-page screenshot as a test artifact under test-results/screenshots. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = path.join("test-results", "screenshots");
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** axe-core on the current page: no violation of serious or critical impact (WCAG 2.1 A and AA rules). */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(serious, `axe violations on ${label}`).toEqual([]);
}

/** No horizontal scrolling: the page fits its viewport (tables scroll inside their own region). */
export async function expectNoHorizontalOverflow(page: Page, label: string): Promise<void> {
  const { overflow, culprits } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // The outermost elements that stick out, to say what to fix.
    const culprits = [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && !(el.parentElement && el.parentElement.getBoundingClientRect().right > width + 1))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join(".")}`);
    return { overflow: document.documentElement.scrollWidth - width, culprits };
  });
  expect(overflow, `horizontal overflow on ${label}: ${culprits.join(", ")}`).toBeLessThanOrEqual(0);
}

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * One page, at desktop width and on a 375-pixel phone: the expected status, axe finds no serious or critical
 * violation, the page does not scroll sideways, and a full-page screenshot of each is saved as an artifact.
 * Every page of the app should go through this (tests/e2e/a11y.spec.ts).
 */
export async function auditPage(page: Page, path: string, name: string, expectStatus = 200): Promise<void> {
  await page.setViewportSize(DESKTOP);
  const res = await page.goto(path);
  expect(res!.status(), path).toBe(expectStatus);
  await expect(page.locator("main#contenido")).toBeVisible();
  await expectAccessible(page, `${name} (desktop)`);
  await screenshot(page, name);
  await page.setViewportSize(PHONE);
  await expectNoHorizontalOverflow(page, `${name} (375 px)`);
  await expectAccessible(page, `${name} (375 px)`);
  await screenshot(page, `${name}-375`);
  await page.setViewportSize(DESKTOP);
}
