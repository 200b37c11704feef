import { and, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { ACCOUNT_CUIT, accountCuitKey, CHARGED, reports } from "@/db/schema";
import { projectBalance, quoteBalance, storedBalance } from "@/lib/billing/balance";
import { COST } from "@/lib/billing/costs";
import { now } from "@/lib/clock";
import type { VerifiedCaller } from "@/lib/auth/caller";
import { chargedToday, DAILY_CAP } from "@/lib/reports/charge";
import type { BatchQuote } from "@/lib/schemas/batches";
import { distinctCuits, type CheckedEntry } from "./entries";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The quote of a batch by the rules of GET /v1/reports/quote, per distinct CUIT: `actualizacion` when the account
 * already has a resolved report of it, otherwise `nuevo`; the balance projected to this month, never rewritten.
 * A pure read.
 */
export async function quoteBatch(db: DbOrTx, caller: VerifiedCaller, checked: readonly CheckedEntry[]): Promise<BatchQuote> {
  const at = now();
  const cuits = distinctCuits(checked);
  const [earlier, row] = await Promise.all([
    cuits.length === 0
      ? []
      : db
          .selectDistinct({ cuit: reports.cuit })
          .from(reports)
          .where(and(inArray(ACCOUNT_CUIT, cuits.map((c) => accountCuitKey(caller.accountId, c))), CHARGED)),
    storedBalance(db, caller.accountId),
  ]);
  const actualizaciones = earlier.length;
  const nuevos = cuits.length - actualizaciones;
  const b = projectBalance(row, caller.plan.informeCuitCupoMensualUnidades, at);
  const available = b.cupoAvailable + b.compradoAvailable;
  const invalid = checked.filter((c) => c.error !== null);
  const base = {
    total: checked.length,
    validos: checked.length - invalid.length,
    invalidos: invalid.length,
    duplicados: checked.filter((c) => c.duplicadoDe !== null).length,
    nuevos,
    actualizaciones,
    saldo: quoteBalance(b),
    entradas_invalidas: invalid.map((c) => ({ posicion: c.posicion, entrada: c.entrada, error: c.error ?? "" })),
  };
  if (caller.account.billingModel === "daily_cap") {
    const left = Math.max(0, DAILY_CAP - (await chargedToday(db, caller.accountId, at)));
    const alcanza = cuits.length <= left;
    const mensaje = alcanza
      ? null
      : `Hoy te quedan ${plural(left, "informe", "informes")} de los ${DAILY_CAP} diarios de tu cuenta; los demás CUIT del lote quedarán sin generar (sin_saldo).`;
    return { ...base, costo_maximo_unidades: 0, alcanza, mensaje };
  }
  const cost = nuevos * COST.nuevo + actualizaciones * COST.actualizacion;
  const alcanza = available >= cost;
  const mensaje = alcanza
    ? null
    : `Tu saldo no alcanza para todo el lote: te alcanza para ${plural(base.saldo.disponible_informes_nuevos, "informe nuevo", "informes nuevos")} o ${plural(base.saldo.disponible_actualizaciones, "actualización", "actualizaciones")}. Los informes que no se puedan pagar quedarán sin generar (sin_saldo) y no se cobran. Podés comprar un pack de informes desde tu cuenta en la web.`;
  return { ...base, costo_maximo_unidades: cost, alcanza, mensaje };
}
