import type { Locator, Request } from "@playwright/test";
import { expect, screenshot, signUp, test } from "./fixtures";
import { demoCuits, hyphenated } from "./demo-data";
import { loadBalance, suspend } from "./flows";

const REPORT_URL = /\/informes\/(inf_[0-9A-Za-z]{17})\?(generado|repetido)=1$/;

/** One figure of the quote (a <dt> and its <dd>s), by its label. */
const stat = (region: Locator, label: string): Locator => region.getByRole("term").filter({ hasText: label }).locator("xpath=..");

test.describe("reports", () => {
  test("a user generates a report from the quote (1 informe nuevo, 200 units), then updates it for 50; the balance shows both charges", async ({ page, browser, baseURL }) => {
    const cuit = demoCuits().ok[0];
    const person = await signUp(page); // Free: an allotment of 200 units, one new report.

    await page.goto("/informes");
    await expect(page.getByText("Todavía no generaste informes")).toBeVisible();
    await page.getByLabel("CUIT o DNI").fill(hyphenated(cuit));
    await page.getByRole("button", { name: "Ver cotización" }).click();
    await page.waitForURL(/\/informes\/nuevo\?cuit=/);
    const quote = page.getByRole("region", { name: `CUIT ${hyphenated(cuit)}` });
    await expect(stat(quote, "Qué vas a generar")).toContainText("Informe nuevo");
    await expect(stat(quote, "Costo")).toContainText("1 informe nuevo");
    await expect(stat(quote, "Costo")).toContainText("200 unidades de tu saldo");
    await expect(stat(quote, "Tu saldo alcanza para")).toContainText("1 informe nuevo");
    await screenshot(page, "informe-cotizacion");

    // A double click on the confirmation is one operation: one report, one charge.
    const sent: Request[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.headers()["next-action"]) sent.push(r);
    });
    await page.getByRole("button", { name: "Confirmar y generar el informe" }).dblclick();
    await page.waitForURL(REPORT_URL);
    const firstId = REPORT_URL.exec(page.url())![1];
    await expect(page.getByRole("heading", { name: "Resumen" })).toBeVisible();
    const summary = page.getByRole("region", { name: "Resumen" });
    await expect(summary).toContainText("Informe nuevo");
    await expect(summary).toContainText("Se descontó 1 informe nuevo (200 unidades) de tu saldo.");
    // The eight sections, each with its source and snapshot date.
    await expect(page.locator("section p", { hasText: /^Fuente: .+ · Datos al \d{2}\/\d{2}\/\d{4}$/ })).toHaveCount(8);
    await expect(page.getByRole("heading", { name: "Situación crediticia (BCRA, Central de Deudores)" })).toBeVisible();
    // ARCA's "ACTIVO" qualifies the clave: "Clave activa"; months read in words, never "2026-09".
    await expect(page.getByText(/^Clave (activa|inactiva)$/)).toBeVisible();
    await expect(page.getByText(/Clave activo/)).toHaveCount(0);
    await expect(page.locator("main")).not.toContainText(/\(\d{4}-\d{2}\)|período \d{4}-\d{2}/);
    await screenshot(page, "informe");
    // Printed, it carries a letterhead: Legajo, the date, the CUIT. On screen it is not there.
    const letterhead = page.getByTestId("membrete");
    await expect(letterhead).toBeHidden();
    await page.emulateMedia({ media: "print" });
    await expect(letterhead).toBeVisible();
    await expect(letterhead).toContainText("Legajo");
    await expect(letterhead).toContainText(`CUIT ${hyphenated(cuit)}`);
    await expect(letterhead).toContainText(/\d{1,2} de [a-z]+ de \d{4}/);
    await expect(page.getByRole("navigation", { name: "Principal" })).toBeHidden();
    await page.emulateMedia({ media: "screen" });

    // Resubmitting the very same confirmation (a replayed form post) is answered with the same report, uncharged.
    const original = sent[0];
    const headers = Object.fromEntries(
      Object.entries(original.headers()).filter(([k]) => ["next-action", "next-router-state-tree", "content-type", "accept"].includes(k)),
    );
    const replay = await page.request.post(new URL(original.url()).pathname + new URL(original.url()).search, {
      headers: { ...headers, Origin: new URL(baseURL!).origin },
      data: original.postDataBuffer()!,
      maxRedirects: 0,
    });
    expect(replay.headers()["x-action-redirect"] ?? "").toContain(`/informes/${firstId}?repetido=1`);

    // The update: the quote says so and costs 50, but the Free allotment is spent, and the page says why.
    await page.getByRole("link", { name: "Actualizar informe" }).click();
    await page.waitForURL(/\/informes\/nuevo\?cuit=/);
    await expect(stat(quote, "Qué vas a generar")).toContainText("Actualización");
    await expect(stat(quote, "Costo")).toContainText("1 actualización");
    await expect(stat(quote, "Costo")).toContainText("50 unidades: la cuarta parte de un informe nuevo.");
    await expect(quote.getByRole("link", { name: "Ver el anterior" })).toHaveAttribute("href", `/informes/${firstId}`);
    await expect(quote).toContainText("Tu saldo no alcanza");
    await expect(quote).toContainText("Tu saldo no alcanza para una actualización de este CUIT. No te queda saldo.");
    await expect(page.getByRole("button", { name: /^Confirmar/ })).toHaveCount(0);
    await screenshot(page, "informe-cotizacion-sin-saldo");

    // An operator loads balance; the same quote now lets the update through.
    await loadBalance(browser, person.email, 100);
    await page.reload();
    await expect(stat(quote, "Tu saldo alcanza para")).toContainText("0 informes nuevos");
    await expect(stat(quote, "Tu saldo alcanza para")).toContainText("o 2 actualizaciones");
    await page.getByRole("button", { name: "Confirmar y actualizar el informe" }).click();
    await page.waitForURL(REPORT_URL);
    const secondId = REPORT_URL.exec(page.url())![1];
    expect(secondId).not.toBe(firstId);
    await expect(summary).toContainText("Se descontó 1 actualización (50 unidades) de tu saldo.");

    // Both reports are one entry of their CUIT (the CUIT filter finds it with or without hyphens): the latest
    // report, two versions, the last one's type and cost, and the earlier version one click away.
    await page.goto(`/informes?cuit=${encodeURIComponent(hyphenated(cuit).slice(0, 7))}`);
    const group = page.locator(`li[data-cuit="${cuit}"]`);
    await expect(group).toHaveCount(1);
    await expect(group.getByTestId("versiones")).toHaveText("2");
    await expect(group.getByRole("link", { name: hyphenated(cuit) })).toHaveAttribute("href", `/informes/${secondId}`);
    await expect(group).toContainText("Actualización · 50 unidades");
    await group.getByText("Ver la versión anterior").click();
    await expect(group.locator(`a[href="/informes/${firstId}"]`)).toBeVisible();
    await page.goto("/informes?cuit=99999");
    await expect(page.getByText("Ningún informe coincide con «99999»")).toBeVisible();

    // The balance page shows exactly the two charges, each linked to its report.
    await page.goto("/cuenta/saldo");
    // A new report and an update read as such, not both as "Informe generado".
    const debits = page.getByRole("row").filter({ hasText: /Informe nuevo|Actualización de informe/ });
    await expect(debits).toHaveCount(2);
    await expect(debits.filter({ hasText: firstId })).toContainText("Informe nuevo");
    await expect(debits.filter({ hasText: firstId })).toContainText("−200");
    await expect(debits.filter({ hasText: firstId })).toContainText("Cupo del plan");
    await expect(debits.filter({ hasText: secondId })).toContainText("Actualización de informe");
    await expect(debits.filter({ hasText: secondId })).toContainText("−50");
    await expect(debits.filter({ hasText: secondId })).toContainText("Comprado");
    // The allotment line names its month in words.
    await expect(page.getByRole("row").filter({ hasText: /Cupo mensual del plan \([a-z]+ de \d{4}\)/ }).first()).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: "Informe generado" })).toHaveCount(0);
    await screenshot(page, "saldo-con-informes");
  });

  test("contract errors are shown in plain Spanish: invalid CUIT, DNI resolution, no balance for a new report", async ({ page }) => {
    const { ok, dni } = demoCuits();
    await signUp(page);
    await page.goto("/informes/nuevo?cuit=20-12345678-0");
    const input = page.getByLabel("CUIT o DNI");
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveAccessibleDescription(/El último dígito \(el verificador\) no coincide/);
    await page.goto("/informes/nuevo?cuit=12-34567890-1");
    await expect(input).toHaveAccessibleDescription(/Ese CUIT empieza con un tipo que no existe/);
    await page.goto("/informes/nuevo?cuit=123");
    await expect(input).toHaveAccessibleDescription(/Ingresá un CUIT de 11 dígitos \(con o sin guiones\) o un DNI de 7 u 8 dígitos/);

    // A DNI resolves to its CUIL before the quote.
    await page.goto(`/informes/nuevo?cuit=${dni[0]}`);
    await expect(page.getByText(`Resuelto a partir del DNI ${Number(dni[0]).toLocaleString("es-AR")}.`)).toBeVisible();

    // A quote the balance covered, confirmed after another tab spent the allotment: 402 saldo_insuficiente, in words,
    // with the packs that would cover it.
    await page.goto(`/informes/nuevo?cuit=${ok[1]}`);
    const other = await page.context().newPage();
    await other.goto(`/informes/nuevo?cuit=${ok[2]}`);
    await other.getByRole("button", { name: "Confirmar y generar el informe" }).click();
    await other.waitForURL(REPORT_URL);
    await other.close();
    await page.getByRole("button", { name: "Confirmar y generar el informe" }).click();
    const refused = page.getByRole("alert").filter({ hasText: "No se generó el informe" });
    await expect(refused).toContainText("Tu saldo no alcanza para un informe nuevo de este CUIT. No te queda saldo.");
    await expect(refused).toContainText("Pack de 5 informes");
    await expect(refused.getByRole("link", { name: "Comprar un pack" })).toHaveAttribute("href", "/cuenta/saldo#packs");
    // On the web, the page does not send the reader "to your account on the web": it links to the packs.
    await expect(page.locator("main")).not.toContainText("desde tu cuenta en la web");
    await screenshot(page, "informe-saldo-insuficiente");

    // A fresh quote says so before any click, and offers no confirmation.
    await page.goto(`/informes/nuevo?cuit=${ok[3]}`);
    await expect(page.getByText("Tu saldo no alcanza para un informe nuevo de este CUIT. No te queda saldo.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Comprar un pack de informes" })).toHaveAttribute("href", "/cuenta/saldo#packs");
    await expect(page.locator("main")).not.toContainText("desde tu cuenta en la web");
    await expect(page.getByRole("button", { name: /^Confirmar/ })).toHaveCount(0);
  });

  test("a suspended account cannot generate: the confirmation is refused and the quote says why", async ({ page, browser }) => {
    const person = await signUp(page);
    await page.goto(`/informes/nuevo?cuit=${demoCuits().ok[0]}`);
    await suspend(browser, person.email);
    // The quote was on screen before the suspension; confirming it now is refused.
    await page.getByRole("button", { name: "Confirmar y generar el informe" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "No se generó el informe" })).toContainText(
      "Tu cuenta está suspendida y no puede generar informes.",
    );
    await page.reload();
    await expect(page.getByRole("heading", { name: "Tu cuenta está suspendida", level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Confirmar/ })).toHaveCount(0);
  });

  test("the print view shows only the report: no navigation, no buttons, a page per section", async ({ page }) => {
    await signUp(page);
    await page.goto(`/informes/nuevo?cuit=${demoCuits().parcial[0]}`);
    await page.getByRole("button", { name: "Confirmar y generar el informe" }).click();
    await page.waitForURL(REPORT_URL);
    const nav = page.getByRole("navigation", { name: "Principal" });
    const download = page.getByRole("link", { name: "Descargar JSON" });
    await expect(nav).toBeVisible();
    await expect(download).toBeVisible();

    // The JSON download is the API's body for this report.
    const json = await (await page.request.get((await download.getAttribute("href"))!)).json();
    expect(Object.keys(json).sort()).toEqual(["cuit", "generated_at", "informe_id", "sections", "status"]);
    expect(json.informe_id).toBe(REPORT_URL.exec(page.url())![1]);

    await page.emulateMedia({ media: "print" });
    await expect(nav).toBeHidden();
    await expect(download).toBeHidden();
    await expect(page.getByRole("button", { name: "Imprimir o guardar PDF" })).toBeHidden();
    await expect(page.getByRole("contentinfo")).toBeHidden();
    await expect(page.getByRole("heading", { name: "Resumen" })).toBeVisible();
    const breaks = await page.locator("main section").evaluateAll((els) =>
      els.filter((el) => el.querySelector("p")?.textContent?.startsWith("Fuente:")).map((el) => getComputedStyle(el).breakBefore),
    );
    expect(breaks).toHaveLength(8);
    expect(new Set(breaks)).toEqual(new Set(["page"]));
    await screenshot(page, "informe-impresion");
    await page.emulateMedia({ media: "screen" });
  });
});
