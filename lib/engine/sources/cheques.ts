import { srcCheques } from "@/db/schema";
import { maxOf, plain, sum, tally } from "../format";
import { lookupBy } from "../lookup";
import { defineSource } from "../types";

type Row = typeof srcCheques.$inferSelect;

/** BCRA cheques rechazados: a list source. */
export const cheques = defineSource<Row>({
  key: "cheques",
  listSource: true,
  lookup: lookupBy(srcCheques, "fecha_rechazo desc, numero_cheque desc"),
  build(rows, f) {
    if (rows.length === 0) return { fields: [f("Cheques rechazados", 0)] };
    const unpaid = rows.filter((r) => !r.fechaPago);
    return {
      fields: [
        f("Cheques rechazados", rows.length),
        f("Monto total rechazado ($)", plain(sum(rows.map((r) => r.monto)))),
        f("Cheques sin pagar", unpaid.length),
        f("Monto sin pagar ($)", plain(sum(unpaid.map((r) => r.monto)))),
        f("Último rechazo", maxOf(rows, (r) => r.fechaRechazo)),
        f("Causales", tally(rows.map((r) => r.causal))),
        f("Multas impagas", rows.filter((r) => r.estadoMulta === "IMPAGA").length),
      ],
      missing: rows.some((r) => !r.entidadNombre) ? ["Entidad girada"] : [],
    };
  },
});
