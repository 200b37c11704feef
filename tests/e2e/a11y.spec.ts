import { auditPage as audit, DEMO_ADMIN, expect, expectAccessible, logIn, PHONE, screenshot, signUp, test } from "./fixtures";
import { demoCuits } from "./demo-data";

test.describe("accessibility and screenshots of every page", () => {
  test("public pages", async ({ page }) => {
    await audit(page, "/", "inicio");
    await audit(page, "/planes", "planes");
    await audit(page, "/login", "login");
    await audit(page, "/signup", "signup");

    // The folded phone menu, open.
    await page.setViewportSize(PHONE);
    await page.goto("/");
    await page.getByText("Menú").click();
    await expect(page.getByRole("navigation", { name: "Principal (móvil)" })).toBeVisible();
    await expectAccessible(page, "menú móvil");
    await screenshot(page, "menu-movil-375");
  });

  test("account recovery and e-mail link pages", async ({ page }) => {
    await audit(page, "/recuperar-contrasena", "recuperar-contrasena");
    await audit(page, "/recuperar-contrasena/nueva?token=vencido.o-falso", "recuperar-contrasena-enlace-invalido");
    await audit(page, "/verificar-email?token=sin.verificar", "verificar-email");
  });

  test("catalog pages", async ({ page }) => {
    await audit(page, "/datasets", "catalogo");
    await audit(page, "/datasets?q=deudores&etiqueta=bcra", "catalogo-filtrado");
    await audit(page, "/datasets/ar-bcra-central-deudores", "dataset");
  });

  test.describe("not found", () => {
    test.use({ allowConsole: [/status of 404/] });
    test("404 page", async ({ page }) => {
      await audit(page, "/no-existe", "404", 404);
    });
  });

  test("customer pages", async ({ page }) => {
    // Signing up now includes opening the e-mailed link and signing in.
    test.setTimeout(120_000);
    await signUp(page);
    await audit(page, "/cuenta", "cuenta");

    await page.goto("/cuenta/claves");
    await page.getByLabel("Nombre de la clave").fill("Integración");
    await page.getByRole("button", { name: "Crear clave" }).click();
    await expect(page.getByTestId("new-api-key")).toBeVisible();
    await expectAccessible(page, "claves con la clave nueva a la vista");
    await audit(page, "/cuenta/claves", "claves");
    await page.getByRole("button", { name: "Revocar la clave Integración" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectAccessible(page, "diálogo de revocación");
    await screenshot(page, "claves-dialogo");
    await page.getByRole("dialog").getByRole("button", { name: "Volver" }).click();

    await page.goto("/cuenta/saldo");
    await page.getByRole("button", { name: "Pedir el pack de 5 informes" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Hacer el pedido" }).click();
    await page.waitForURL(/\/cuenta\/pedidos\/ord_/);
    const orderPath = new URL(page.url()).pathname;
    await audit(page, "/cuenta/saldo", "saldo");
    await audit(page, orderPath, "pedido");
  });

  test("report pages", async ({ page }) => {
    // Eight pages, each audited and photographed twice (desktop and phone), one of them a long report.
    test.setTimeout(120_000);
    await signUp(page);
    // The empty list, a quote, the report itself (a partial one), the list, a quote the balance cannot pay.
    const { parcial, ok } = demoCuits();
    await audit(page, "/informes", "informes-vacio");
    await audit(page, "/informes/nuevo", "informe-nuevo");
    await audit(page, "/informes/nuevo?cuit=20-12345678-0", "informe-nuevo-cuit-invalido");
    await audit(page, `/informes/nuevo?cuit=${parcial[0]}`, "informe-nuevo-cotizacion");
    await page.getByRole("button", { name: "Confirmar y generar el informe" }).click();
    await page.waitForURL(/\/informes\/inf_[0-9A-Za-z]{17}\?generado=1$/);
    await audit(page, new URL(page.url()).pathname, "informe-parcial");
    await audit(page, "/informes", "informes");
    await audit(page, `/informes/nuevo?cuit=${ok[0]}`, "informe-nuevo-sin-saldo");
    await audit(page, "/datasets/ar-bcra-central-deudores", "dataset-free");
  });

  test("admin pages", async ({ page }) => {
    await logIn(page, DEMO_ADMIN);
    await audit(page, "/admin", "admin");
    await audit(page, "/admin/cuentas", "admin-cuentas");
    await page.goto("/admin/cuentas?q=cliente%40legajo.demo");
    await page.getByRole("link", { name: "cliente@legajo.demo" }).click();
    await expect(page.getByRole("heading", { name: "cliente@legajo.demo", level: 1 })).toBeVisible();
    await audit(page, new URL(page.url()).pathname, "admin-cuenta");
    await audit(page, "/admin/pedidos", "admin-pedidos");
    await audit(page, "/admin/auditoria", "admin-auditoria");
  });

  test("admin report and dataset pages", async ({ page }) => {
    await logIn(page, DEMO_ADMIN);
    await audit(page, "/admin/informes", "admin-informes");
    await audit(page, "/admin/datasets", "admin-datasets");
    await audit(page, "/datasets/ar-bcra-central-deudores", "dataset-admin");
  });
});

test.describe("API reference (/docs)", () => {
  test("renders every operation of the live document, accessibly", async ({ page }) => {
    // The longest page: axe at two widths takes most of a minute on a busy 2-core machine.
    test.setTimeout(180_000);
    await audit(page, "/docs", "docs");
    await expect(page.getByRole("heading", { name: "Referencia de la API", level: 1 })).toBeVisible();
    const doc = (await (await page.request.get("/v1/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
    // The contract's ten operations and those beyond it (batches, monitoring, webhooks, search, history).
    expect(operations.length).toBeGreaterThanOrEqual(10);
    expect(operations).toEqual(expect.arrayContaining(["POST /v1/reports", "GET /v1/reports/{id}", "GET /v1/datasets/{id}/snapshot", "GET /v1/openapi.json"]));
    for (const op of operations) {
      const [method, path] = op.split(" ");
      await expect(page.getByRole("heading", { level: 3, name: `${method} ${path}`, exact: true })).toBeVisible();
    }
    // In Spanish, with a side index whose entries jump to their operation.
    const index = page.getByRole("navigation", { name: "Operaciones" });
    await expect(index.getByRole("link", { name: /Generar o actualizar un informe/ })).toHaveAttribute("href", "#op-generateReport");
    await index.getByRole("link", { name: /Cotizar el próximo informe de un CUIT/ }).click();
    await expect(page.getByRole("heading", { level: 3, name: "GET /v1/reports/quote", exact: true })).toBeInViewport();
    await expect(page.locator("#op-quoteReport")).toContainText("Solo lee: no gasta nada");
    // A type in an operation's (folded) responses leads to its schema, fields open.
    const post = page.locator("#op-generateReport");
    await post.locator("summary", { hasText: "Respuestas" }).click();
    await post.getByRole("link", { name: "ReportPostResponse" }).first().click();
    await expect(page.getByRole("heading", { level: 3, name: "ReportPostResponse" })).toBeInViewport();
    await expect(page.getByRole("region", { name: "Campos de ReportPostResponse" })).toBeVisible();
  });
});
