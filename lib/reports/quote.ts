import { and, eq, sql } from "drizzle-orm";
import { type DbOrTx, perDatabase } from "@/db/client";
import { ACCOUNT_CUIT, accountCuitKey, CHARGED, reports } from "@/db/schema";
import { projectBalance, quoteBalance, storedBalance } from "@/lib/billing/balance";
import { COST } from "@/lib/billing/costs";
import { now } from "@/lib/clock";
import type { VerifiedCaller } from "@/lib/auth/caller";
import type { QuoteResponse } from "@/lib/schemas/reports";
import { chargedToday, DAILY_CAP } from "./charge";
import { dailyCapMessage, shortfallMessage } from "./messages";

/** Whether the account has a charged report of the CUIT, built once per database as a named prepared statement. */
const earlierReports = perDatabase((db) =>
  db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(ACCOUNT_CUIT, sql.placeholder("key")), CHARGED))
    .limit(1)
    .prepare("quote_earlier_report"),
);

/**
 * GET /v1/reports/quote: what a generation for `cuit` would be and cost now, and whether the balance covers it.
 * A pure read: a balance row from an earlier month is projected, not rewritten.
 */
export async function quoteReport(db: DbOrTx, caller: VerifiedCaller, cuit: string): Promise<QuoteResponse> {
  const at = now();
  const [[earlier], row] = await Promise.all([
    earlierReports(db).execute({ key: accountCuitKey(caller.accountId, cuit) }),
    storedBalance(db, caller.accountId),
  ]);
  const tipo = earlier ? "actualizacion" : "nuevo";
  const b = projectBalance(row, caller.plan.informeCuitCupoMensualUnidades, at);
  const total = b.cupoAvailable + b.compradoAvailable;
  const saldo = quoteBalance(b);
  if (caller.account.billingModel === "daily_cap") {
    const used = await chargedToday(db, caller.accountId, at);
    const alcanza = used < DAILY_CAP;
    return { cuit, tipo_accion_estimado: tipo, costo_maximo_unidades: 0, saldo, alcanza, mensaje: alcanza ? null : dailyCapMessage(DAILY_CAP) };
  }
  const cost = COST[tipo];
  const alcanza = total >= cost;
  return { cuit, tipo_accion_estimado: tipo, costo_maximo_unidades: cost, saldo, alcanza, mensaje: alcanza ? null : shortfallMessage(tipo, total) };
}
