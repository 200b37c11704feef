import { expect, logIn, test } from "./fixtures";
import { withServerDb } from "./database";

const CUSTOMER = { email: "cliente@legajo.demo", password: "legajo-cliente-demo" };

test("a customer without the CUIT finds a company by name, accents and word order aside, and gets its quote", async ({ page }) => {
  const company = await withServerDb(async (sql) => {
    const [row] = await sql.unsafe<{ cuit: string; denominacion: string }[]>(
      `select cuit, denominacion from src_identidad where snapshot_id = (select max(id) from source_snapshots where source = 'identidad')
         and tipo_persona = 'JURIDICA' and denominacion ~ '^[A-Z]+ [A-Z]+ ' order by cuit limit 1`,
    );
    return row;
  });
  const [first, second] = company.denominacion.split(" ");
  await logIn(page, CUSTOMER, "/informes/nuevo");
  const search = page.getByRole("search", { name: "Buscar por nombre" });
  await search.getByLabel("Nombre o razón social").fill(`${second.toLowerCase()} ${first.toLowerCase().replace("a", "á")}`);
  await search.getByRole("button", { name: "Buscar" }).click();
  await page.waitForURL(/nombre=/);
  const result = page.getByRole("list", { name: "Resultados de la búsqueda" }).getByRole("listitem").filter({ hasText: company.denominacion });
  await expect(result).toContainText(`CUIT ${company.cuit.slice(0, 2)}-${company.cuit.slice(2, 10)}-${company.cuit.slice(10)}`);
  await result.getByRole("link", { name: /^Cotizar/ }).click();
  await page.waitForURL(`**/informes/nuevo?cuit=${company.cuit}`);
  await expect(page.getByRole("button", { name: /^Confirmar y (generar|actualizar) el informe$/ })).toBeVisible();
});
