import { expect, logIn, test } from "./fixtures";
import { withServerDb } from "./database";
import { generateReport } from "./flows";

/** The demo customer (db/seed.ts): plan Ultimate with units to spare for two new reports. */
const CUSTOMER = { email: "cliente@legajo.demo", password: "legajo-cliente-demo" };

/** Rows of the server's latest snapshot of a source (the demo loads one per source). */
const latest = (source: string) => `(select max(id) from source_snapshots where source = '${source}')`;

test("a report opens with its red flags linked to their sections, or says there is none", async ({ page }) => {
  // Found in the server's own demo data: a CUIT with an unpaid rejected cheque, and one no list names at all.
  const { flagged, clean } = await withServerDb(async (sql) => {
    const [f] = await sql.unsafe<{ cuit: string }[]>(
      `select c.cuit from src_cheques c join src_identidad i on i.cuit = c.cuit and i.snapshot_id = ${latest("identidad")}
       where c.snapshot_id = ${latest("cheques")} and c.fecha_pago is null order by c.cuit limit 1`,
    );
    const [c] = await sql.unsafe<{ cuit: string }[]>(
      `select i.cuit from src_identidad i where i.snapshot_id = ${latest("identidad")} and i.estado_clave = 'ACTIVO'
         and not exists (select 1 from src_cheques x where x.cuit = i.cuit)
         and not exists (select 1 from src_crediticio x where x.cuit = i.cuit and x.situacion > 1)
         and not exists (select 1 from src_riesgo_fiscal x where x.cuit = i.cuit)
         and not exists (select 1 from src_concursos x where x.cuit = i.cuit)
         and not exists (select 1 from src_screening x where x.cuit = i.cuit)
       order by i.cuit limit 1`,
    );
    return { flagged: f.cuit, clean: c.cuit };
  });
  await logIn(page, CUSTOMER);

  await generateReport(page, flagged);
  const alerts = page.getByRole("region", { name: "Alertas" });
  const cheques = alerts.locator('li[data-flag="cheques"]');
  await expect(cheques.getByRole("link", { name: /cheques? rechazados? sin pagar$/ })).toHaveAttribute("href", "#cheques");
  await expect(cheques).toContainText(/Suman \$ [\d.]+,\d{2} sin pagar\./);
  await cheques.getByRole("link").click();
  await expect(page).toHaveURL(/#cheques$/);
  await expect(page.locator("section#cheques")).toBeInViewport();

  await generateReport(page, clean);
  await expect(alerts.getByTestId("sin-alertas")).toContainText("Sin alertas");
  await expect(alerts.locator("li[data-flag]")).toHaveCount(0);
});
