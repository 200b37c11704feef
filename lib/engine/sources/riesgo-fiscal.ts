import { srcRiesgoFiscal } from "@/db/schema";
import type { RiesgoFiscalBlock } from "@/lib/schemas/sections";
import { plain, yesNo } from "../format";
import { tableRead } from "../lookup";
import { defineSource } from "../types";

type Row = typeof srcRiesgoFiscal.$inferSelect;

/** Fiscal-risk lists (facturas apócrifas, REPSAL, deuda previsional...): a list source. */
export const riesgoFiscal = defineSource<Row>({
  key: "riesgoFiscal",
  blockKey: "riesgoFiscal",
  listSource: true,
  table: tableRead(srcRiesgoFiscal, "fecha_publicacion desc nulls last, lista"),
  build(rows, f) {
    const block: RiesgoFiscalBlock = {
      en_listas: rows.length > 0,
      listas: rows.map((r) => ({
        lista: r.lista,
        fecha_publicacion: r.fechaPublicacion,
        detalle: r.detalle,
        monto_adeudado: r.montoAdeudado,
        fecha_condicion: r.fechaCondicion,
      })),
    };
    const fields = [f("En listas de riesgo fiscal", yesNo(rows.length > 0))];
    for (const r of rows) {
      const parts = [
        r.fechaCondicion && `condición desde el ${r.fechaCondicion}`,
        r.fechaPublicacion && `publicado el ${r.fechaPublicacion}`,
        r.detalle,
        r.montoAdeudado !== null && `adeuda $ ${plain(r.montoAdeudado)}`,
      ];
      fields.push(f(r.lista, parts.filter(Boolean).join(" · ") || null));
    }
    return { fields, block, missing: rows.some((r) => !r.fechaPublicacion) ? ["Fecha de publicación"] : [] };
  },
});
