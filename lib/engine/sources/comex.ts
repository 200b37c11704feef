import { srcComex } from "@/db/schema";
import type { ComexBlock } from "@/lib/schemas/sections";
import { plain, splitList, sum, yesNo } from "../format";
import { tableRead } from "../lookup";
import { defineSource } from "../types";

type Row = typeof srcComex.$inferSelect;

/** Registered importers and exporters: a list source; absence means no foreign-trade activity. */
export const comex = defineSource<Row>({
  key: "comex",
  blockKey: "comex",
  listSource: true,
  table: tableRead(srcComex, "anio desc, rol"),
  build(rows, f) {
    const importa = rows.some((r) => r.rol === "IMPORTADOR");
    const exporta = rows.some((r) => r.rol === "EXPORTADOR");
    const ultimo = rows.length ? rows[0].anio : null;
    const lastYear = rows.filter((r) => r.anio === ultimo);
    const block: ComexBlock = {
      es_importador: importa,
      es_exportador: exporta,
      ultimo_anio: ultimo,
      actividad: rows.map((r) => ({
        anio: r.anio,
        rol: r.rol as "IMPORTADOR" | "EXPORTADOR",
        operaciones: r.operaciones,
        monto_fob_usd: r.montoFobUsd,
        capitulos_ncm: splitList(r.capitulosNcm),
        paises_principales: splitList(r.paisesPrincipales),
      })),
    };
    const fields = [f("Importador", yesNo(importa)), f("Exportador", yesNo(exporta))];
    if (ultimo !== null) {
      fields.push(
        f("Último año con operaciones", ultimo),
        f("Operaciones en el último año", sum(lastYear.map((r) => r.operaciones))),
        f("Monto FOB del último año (USD)", plain(sum(lastYear.map((r) => r.montoFobUsd)))),
      );
    }
    return {
      fields,
      block,
      missing: rows.some((r) => !r.capitulosNcm || !r.paisesPrincipales) ? ["Capítulos NCM o países"] : [],
    };
  },
  name: (rows) => rows.find((r) => r.denominacion)?.denominacion ?? null,
});
