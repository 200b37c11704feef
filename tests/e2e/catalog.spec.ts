import type { Page } from "@playwright/test";
import { expect, screenshot, signUp, test } from "./fixtures";
import { setPlan } from "./flows";

const DEUDORES = "ar-bcra-central-deudores";
const card = (page: Page, id: string) => page.locator(`article[data-dataset-id="${id}"]`);

test.describe("catalog", () => {
  test("a visitor browses the catalog, searches it and filters by tag and by source, with the API's visibility", async ({ page }) => {
    await page.goto("/datasets");
    const count = page.getByTestId("catalog-count");
    await expect(count).toHaveText(/^\d+ datasets en el catálogo\.$/);
    const total = Number((await count.textContent())!.split(" ")[0]);
    expect(total).toBeGreaterThan(5);
    await expect(card(page, DEUDORES)).toBeVisible();
    // Anonymous counts as Free: a Pro dataset, an admin-only one and an unpublished one are not listed.
    for (const hidden of ["ar-comex-operadores", "intl-sanciones-revision-manual", "ar-bcra-deudores-historico-24m"]) {
      await expect(card(page, hidden)).toHaveCount(0);
    }
    await screenshot(page, "catalogo-anonimo");

    // Search over name, description and tags, without caring for accents or case.
    await page.getByLabel("Buscar", { exact: true }).fill("CREDITO");
    await page.getByRole("button", { name: "Buscar" }).click();
    await page.waitForURL(/q=CREDITO/);
    await expect(card(page, DEUDORES)).toBeVisible();
    await expect(card(page, "ar-bcra-deudores-por-situacion")).toBeVisible();
    await expect(card(page, "ar-inpi-marcas")).toHaveCount(0);
    await expect(count).toHaveText(`2 de ${total} datasets coinciden con la búsqueda.`);

    // By tag (the filter keeps the search), then by source.
    await page.getByLabel("Buscar", { exact: true }).fill("");
    await page.getByLabel("Etiqueta", { exact: true }).selectOption("bcra");
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(card(page, "ar-bcra-cheques-rechazados")).toBeVisible();
    await expect(card(page, "ar-arca-padron")).toHaveCount(0);
    await page.getByLabel("Etiqueta", { exact: true }).selectOption("");
    await page.getByLabel("Fuente", { exact: true }).selectOption("inpi");
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page.locator("article[data-dataset-id]")).toHaveCount(1);
    await expect(card(page, "ar-inpi-marcas")).toBeVisible();

    // A tag on a card filters by it; a search with no match says so.
    await page.goto("/datasets");
    await card(page, "ar-bcra-cheques-rechazados").getByRole("link", { name: "cheques", exact: true }).click();
    await page.waitForURL(/etiqueta=cheques/);
    await expect(page.getByLabel("Etiqueta", { exact: true })).toHaveValue("cheques");
    await page.goto("/datasets?q=zzzz-nada");
    await expect(page.getByText("Ningún dataset coincide con la búsqueda")).toBeVisible();

    // The detail: documentation for people, and a sign-in prompt instead of downloads.
    await page.goto("/datasets");
    await card(page, DEUDORES).getByRole("link", { name: "Central de Deudores del Sistema Financiero" }).click();
    await expect(page.getByRole("heading", { name: "Central de Deudores del Sistema Financiero", level: 1 })).toBeVisible();
    const columns = page.getByRole("region", { name: "Columnas", exact: true });
    await expect(columns.getByRole("row").filter({ hasText: /^monto/ })).toContainText("miles de pesos");
    await expect(columns.getByRole("row").filter({ hasText: /^monto/ })).toContainText("DOUBLE");
    await expect(page.getByRole("region", { name: "Licencia y uso" })).toContainText("Uso comercial con restricciones");
    await expect(page.getByRole("region", { name: "Ficha" })).toContainText("hasta 75 días de demora");
    await expect(page.getByRole("region", { name: "Para tener en cuenta" })).toContainText("monto está en miles de pesos");
    await expect(page.getByRole("button", { name: "Copiar SQL" }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Cheques rechazados" })).toHaveAttribute("href", "/datasets/ar-bcra-cheques-rechazados");
    const snapshot = page.getByRole("region", { name: "Snapshot actual", exact: true });
    await expect(snapshot).toContainText(/Parquet: [\d.,]+ (bytes|KB|MB)/);
    await expect(snapshot.getByRole("link", { name: /^Descargar/ })).toHaveCount(0);
    await expect(snapshot.getByRole("link", { name: "creá una cuenta" })).toHaveAttribute("href", "/signup");
    await screenshot(page, "dataset-anonimo");

    // Hidden datasets are the same 404 as missing ones.
    for (const hidden of ["ar-comex-operadores", "intl-sanciones-revision-manual", "no-existe"]) {
      expect((await page.request.get(`/datasets/${hidden}`)).status(), hidden).toBe(404);
    }
  });

  test("the example queries copy to the clipboard", async ({ page }) => {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto(`/datasets/${DEUDORES}`);
    const first = page.getByRole("region", { name: "Consultas de ejemplo" }).getByRole("listitem").first();
    await first.getByRole("button", { name: "Copiar SQL" }).click();
    await expect(first.getByText("¡Copiada!")).toBeVisible();
    const sql = await first.getByRole("region", { name: /^SQL:/ }).textContent();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(sql);
  });

  test("a Free account sees the upgrade prompt; on Ultimate it downloads the Parquet snapshot through a signed link", async ({ page, browser }) => {
    const person = await signUp(page);
    await page.goto(`/datasets/${DEUDORES}`);
    const snapshot = page.getByRole("region", { name: "Snapshot actual", exact: true });
    await expect(snapshot).toContainText("Tu plan no incluye descargas");
    await expect(snapshot.getByRole("link", { name: "Ver planes" })).toHaveAttribute("href", "/planes");
    await expect(snapshot.getByRole("link", { name: /^Descargar/ })).toHaveCount(0);
    await screenshot(page, "dataset-free");
    // The download address itself refuses the plan and comes back with the reason.
    await page.goto(`/datasets/${DEUDORES}/descargar?formato=parquet`);
    await page.waitForURL(/descarga=plan/);
    await expect(snapshot.getByRole("alert")).toHaveText("Tu plan no incluye la descarga de snapshots.");
    expect((await page.request.get("/datasets/ar-comex-operadores")).status()).toBe(404);

    await setPlan(browser, person.email, "ultimate");
    await page.goto(`/datasets/${DEUDORES}`);
    const parquet = snapshot.getByRole("link", { name: /^Descargar Parquet/ });
    await expect(parquet).toBeVisible();
    await expect(snapshot.getByRole("link", { name: /^Descargar CSV/ })).toBeVisible();
    await screenshot(page, "dataset-ultimate");

    // Follow the link: a redirect to a signed URL of the file, which is a Parquet file.
    const href = (await parquet.getAttribute("href"))!;
    const hop = await page.request.get(href, { maxRedirects: 0 });
    expect(hop.status()).toBe(302);
    expect(hop.headers().location).toMatch(/\/files\/datasets\/ar-bcra-central-deudores\/.+\.parquet\?.*sig=/);
    const file = await page.request.get(href);
    expect(file.status()).toBe(200);
    const bytes = await file.body();
    expect(bytes.subarray(0, 4).toString("latin1")).toBe("PAR1");
    expect(bytes.subarray(-4).toString("latin1")).toBe("PAR1");

    const csv = await page.request.get((await snapshot.getByRole("link", { name: /^Descargar CSV/ }).getAttribute("href"))!);
    expect((await csv.text()).split("\n")[0]).toContain("cuit");

    // A Parquet-only dataset offers no CSV; the Pro dataset is now visible.
    await page.goto("/datasets/ar-arca-padron");
    await expect(snapshot.getByRole("link", { name: /^Descargar Parquet/ })).toBeVisible();
    await expect(snapshot.getByRole("link", { name: /^Descargar CSV/ })).toHaveCount(0);
    expect((await page.request.get("/datasets/ar-comex-operadores")).status()).toBe(200);
  });
});
