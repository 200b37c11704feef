import { and, eq, gte, ne, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "@/db/client";
import { accounts, reports, type Balance, type TipoAccion } from "@/db/schema";
import { projectBalance } from "@/lib/billing/balance";
import { COST } from "@/lib/billing/costs";
import { debit, InsufficientBalance } from "@/lib/billing/debit";
import { activePacks } from "@/lib/billing/prices";
import { localDay, startOfLocalDay } from "@/lib/clock";
import type { VerifiedCaller } from "@/lib/http/api-route";
import { ApiError } from "@/lib/http/errors";
import { dailyCapMessage, shortfallMessage } from "./messages";

/** DESIGN.md 6: accounts on the daily-cap model get at most this many charged-kind reports per local day. */
export const DAILY_CAP = 10;

const monthlyOf = (caller: VerifiedCaller) => caller.plan.informeCuitCupoMensualUnidades;

/** Reports of a charged kind (anything but `no_resuelto`) the account generated today, Buenos Aires time. */
export async function chargedToday(db: DbOrTx, accountId: string, at: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reports)
    .where(
      and(eq(reports.accountId, accountId), ne(reports.status, "no_resuelto"), gte(reports.createdAt, startOfLocalDay(localDay(at)).toISOString())),
    );
  return row.n;
}

function dailyCapExceeded(at: Date): ApiError {
  const midnight = startOfLocalDay(localDay(new Date(at.getTime() + 86_400_000)));
  const retryAfter = Math.max(1, Math.ceil((midnight.getTime() - at.getTime()) / 1000));
  return new ApiError(429, "daily_limit_exceeded", {
    text: dailyCapMessage(DAILY_CAP),
    extra: { limit: DAILY_CAP },
    headers: { "Retry-After": String(retryAfter) },
  });
}

async function insufficient(tx: Tx, tipo: TipoAccion, b: Balance): Promise<ApiError> {
  return new ApiError(402, "saldo_insuficiente", {
    text: shortfallMessage(tipo, b.cupoAvailable + b.compradoAvailable),
    extra: {
      tipo_accion: tipo,
      costo_unidades: COST[tipo],
      saldo: { cupo_disponible_unidades: b.cupoAvailable, saldo_comprado_unidades: b.compradoAvailable },
      packs: await activePacks(tx),
    },
  });
}

/**
 * Before the engine runs: refuse a generation the account cannot pay for, without writing anything. `row` is the
 * balance as the generation read it under its lock.
 */
export async function precheck(tx: Tx, caller: VerifiedCaller, tipo: TipoAccion, at: Date, row: Balance | undefined): Promise<void> {
  if (caller.account.billingModel === "daily_cap") {
    if ((await chargedToday(tx, caller.accountId, at)) >= DAILY_CAP) throw dailyCapExceeded(at);
    return;
  }
  if (!row) throw new Error(`balance row missing for account ${caller.accountId}`);
  const b = projectBalance(row, monthlyOf(caller), at);
  if (b.cupoAvailable + b.compradoAvailable < COST[tipo]) throw await insufficient(tx, tipo, b);
}

/** The units a generation of this kind costs the caller: nothing on the daily-cap model. */
export function costOf(caller: VerifiedCaller, tipo: TipoAccion): number {
  return caller.account.billingModel === "daily_cap" ? 0 : COST[tipo];
}

/**
 * In the persisting transaction: charges the generation and runs `persist`, the report's own writes. A balance
 * account is debited under its balance row lock in the same round trip as the writes (the debit does not depend on
 * them). A daily-cap account is recounted under its account row lock before them, so that the count does not
 * include this report and concurrent generations cannot both take the last slot.
 */
export async function chargeAndPersist(
  tx: Tx,
  caller: VerifiedCaller,
  tipo: TipoAccion,
  reportId: string,
  at: Date,
  persist: () => Promise<unknown>,
): Promise<void> {
  if (caller.account.billingModel === "daily_cap") {
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, caller.accountId)).for("update");
    if ((await chargedToday(tx, caller.accountId, at)) >= DAILY_CAP) throw dailyCapExceeded(at);
    await persist();
    return;
  }
  try {
    await Promise.all([debit(tx, caller.accountId, monthlyOf(caller), COST[tipo], reportId, at), persist()]);
  } catch (e) {
    if (e instanceof InsufficientBalance) throw await insufficient(tx, tipo, e.balance);
    throw e;
  }
}
