import type { DbOrTx, Tx } from "@/db/client";
import type { Balance, TipoAccion } from "@/db/schema";
import { lockBalance } from "@/lib/billing/allotment";
import { projectBalance, storedBalance } from "@/lib/billing/balance";
import { COST } from "@/lib/billing/costs";
import { debit } from "@/lib/billing/debit";
import { activePacks } from "@/lib/billing/prices";
import { localDay, localMonth, startOfLocalDay } from "@/lib/clock";
import type { VerifiedCaller } from "@/lib/auth/caller";
import { DomainError } from "@/lib/errors";
import { chargedSince, lockAccountRow } from "./generation-sql";
import { dailyCapMessage, shortfallMessage } from "./messages";

/** DESIGN.md 6: accounts on the daily-cap model get at most this many charged-kind reports per local day. */
export const DAILY_CAP = 10;

const monthlyOf = (caller: VerifiedCaller) => caller.plan.informeCuitCupoMensualUnidades;

/** Reports of a charged kind (anything but `no_resuelto`) the account generated today, Buenos Aires time. */
export function chargedToday(db: DbOrTx, accountId: string, at: Date): Promise<number> {
  return chargedSince(db, accountId, startOfLocalDay(localDay(at)));
}

function dailyCapExceeded(at: Date): DomainError {
  const midnight = startOfLocalDay(localDay(new Date(at.getTime() + 86_400_000)));
  const retryAfter = Math.max(1, Math.ceil((midnight.getTime() - at.getTime()) / 1000));
  return new DomainError("daily_limit_exceeded", {
    text: dailyCapMessage(DAILY_CAP),
    extra: { limit: DAILY_CAP },
    retryAfter: retryAfter,
  });
}

async function insufficient(db: DbOrTx, tipo: TipoAccion, b: Balance): Promise<DomainError> {
  return new DomainError("saldo_insuficiente", {
    text: shortfallMessage(tipo, b.cupoAvailable + b.compradoAvailable),
    extra: {
      tipo_accion: tipo,
      costo_unidades: COST[tipo],
      saldo: { cupo_disponible_unidades: b.cupoAvailable, saldo_comprado_unidades: b.compradoAvailable },
      packs: await activePacks(db),
    },
  });
}

/**
 * The 402 for a debit that could not pay (InsufficientBalance), once its transaction rolled back: with the balance
 * as it stands now.
 */
export async function shortfall(db: DbOrTx, caller: VerifiedCaller, tipo: TipoAccion, at: Date): Promise<DomainError> {
  return insufficient(db, tipo, projectBalance(await storedBalance(db, caller.accountId), monthlyOf(caller), at));
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
 * Before the generation's writes, on the balance model: the first debit of a new month renews the allotment here,
 * so that the debit takes its single round trip and the statements pipelined after it see the balance it leaves.
 */
export async function renewAllotment(tx: Tx, caller: VerifiedCaller, row: Balance | undefined, at: Date): Promise<void> {
  if (caller.account.billingModel === "daily_cap" || !row || row.cupoPeriod >= localMonth(at)) return;
  await lockBalance(tx, caller.accountId, monthlyOf(caller), at);
}

/**
 * Before the generation's writes, on the daily-cap model: holds the account row and recounts, so that the count does
 * not include this report and concurrent generations cannot both take the last slot. Nothing on the balance model.
 */
export async function holdDailySlot(tx: Tx, caller: VerifiedCaller, at: Date): Promise<void> {
  if (caller.account.billingModel !== "daily_cap") return;
  await lockAccountRow(tx, caller.accountId);
  if ((await chargedToday(tx, caller.accountId, at)) >= DAILY_CAP) throw dailyCapExceeded(at);
}

/**
 * With the report's own writes, in their round trip (the debit does not depend on them): debits a balance account
 * under its balance row lock, allotment first (renewAllotment ran before), or throws InsufficientBalance
 * (`shortfall` makes the 402 of it). Nothing on the daily-cap model.
 */
export async function debitReport(tx: Tx, caller: VerifiedCaller, tipo: TipoAccion, reportId: string, at: Date): Promise<void> {
  if (caller.account.billingModel === "daily_cap") return;
  await debit(tx, caller.accountId, COST[tipo], reportId, at);
}
