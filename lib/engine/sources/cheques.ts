import { srcCheques } from "@/db/schema";
import { maxOf, plain, sum, tally } from "../format";
import { tableRead } from "../lookup";
import { defineSource } from "../types";

type Row = typeof srcCheques.$inferSelect;

/** One cheque as BCRA publishes it: rejection, causal, lender, amount, payment and the fine. */
function describe(r: Row): string {
  const parts = [`rechazado el ${r.fechaRechazo}`, r.causal, r.entidadNombre ?? (r.entidadCodigo ? `entidad ${r.entidadCodigo}` : null), `$ ${plain(r.monto)}`];
  parts.push(r.fechaPago ? `pagado el ${r.fechaPago}` : "sin pagar");
  if (r.estadoMulta) parts.push(`multa ${r.estadoMulta}${r.fechaPagoMulta ? ` (pagada el ${r.fechaPagoMulta})` : ""}`);
  if (r.denominacionJuridica) parts.push(`librado por ${r.denominacionJuridica}`);
  if (r.enRevision) parts.push("en revisión");
  if (r.procesoJudicial) parts.push("en proceso judicial");
  return parts.filter(Boolean).join(" · ");
}

/** BCRA cheques rechazados: a list source. Amounts in pesos. */
export const cheques = defineSource<Row>({
  key: "cheques",
  listSource: true,
  table: tableRead(srcCheques, "fecha_rechazo desc, numero_cheque desc"),
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
        ...rows.map((r) => f(`Cheque N° ${r.numeroCheque}`, describe(r))),
      ],
      missing: rows.some((r) => !r.entidadNombre) ? ["Entidad girada"] : [],
    };
  },
});
