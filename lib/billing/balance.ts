import { eq, sql } from "drizzle-orm";
import { type DbOrTx, perDatabase, withTransaction } from "@/db/client";
import { accounts, balances, plans, type Balance } from "@/db/schema";
import { localMonth, now } from "@/lib/clock";
import type { BalanceResponse } from "@/lib/schemas/billing";
import { lockBalance } from "./allotment";
import { coverage } from "./costs";

/** The plan's monthly allotment for an account (null: no automatic allotment). */
export async function monthlyAllotment(db: DbOrTx, accountId: string): Promise<number | null> {
  const [row] = await db
    .select({ monthly: plans.informeCuitCupoMensualUnidades })
    .from(accounts)
    .innerJoin(plans, eq(plans.tier, accounts.planTier))
    .where(eq(accounts.id, accountId));
  return row?.monthly ?? null;
}

/** The balance read, built once per database as a named prepared statement (GET /v1/balance and the quote run it on every call). */
const balanceReads = perDatabase((db) => db.select().from(balances).where(eq(balances.accountId, sql.placeholder("accountId"))).prepare("balance_of"));

/** The account's balance row as stored (an earlier month's allotment not yet renewed), if it has one. */
async function readBalance(db: DbOrTx, accountId: string): Promise<Balance | undefined> {
  const [row] = await balanceReads(db).execute({ accountId });
  return row;
}

/** The same read, for an account that must have a balance row (every account gets one when it is created). */
export async function storedBalance(db: DbOrTx, accountId: string): Promise<Balance> {
  const row = await readBalance(db, accountId);
  if (!row) throw new Error(`balance row missing for account ${accountId}`);
  return row;
}

/**
 * The balance row, with the monthly allotment refreshed when a new month began. The common case is one unlocked
 * read; only the first read of a month takes the lock and writes the ledger.
 */
export async function currentBalance(db: DbOrTx, accountId: string, monthly: number | null): Promise<Balance> {
  const at = now();
  const row = await readBalance(db, accountId);
  if (row && row.cupoPeriod >= localMonth(at)) return row;
  return withTransaction(db, (tx) => lockBalance(tx, accountId, monthly, at));
}

/**
 * What the balance is at `at` without writing anything: a row of an earlier month counts as this month's fresh
 * allotment. Quotes and pre-checks use it; the write happens at the next debit or balance read.
 */
export function projectBalance(b: Balance, monthly: number | null, at: Date): Balance {
  if (b.cupoPeriod >= localMonth(at)) return b;
  return { ...b, cupoAvailable: monthly ?? 0, cupoUsed: 0, cupoPeriod: localMonth(at) };
}

/** The balance as quotes show it: both pockets and how many reports of each kind they cover together. */
export function quoteBalance(b: Pick<Balance, "cupoAvailable" | "compradoAvailable">) {
  const total = b.cupoAvailable + b.compradoAvailable;
  return {
    cupo_disponible_unidades: b.cupoAvailable,
    saldo_comprado_unidades: b.compradoAvailable,
    disponible_informes_nuevos: coverage(total).informes_nuevos,
    disponible_actualizaciones: coverage(total).actualizaciones,
  };
}

export function shapeBalance(b: Balance, monthly: number | null): BalanceResponse {
  return {
    cupo: {
      unidades_disponibles: b.cupoAvailable,
      ...coverage(b.cupoAvailable),
      unidades_mensuales: monthly,
      unidades_usadas: b.cupoUsed,
    },
    comprado: { unidades_disponibles: b.compradoAvailable, ...coverage(b.compradoAvailable) },
  };
}

/** GET /v1/balance. */
export async function getBalance(db: DbOrTx, accountId: string, monthly: number | null): Promise<BalanceResponse> {
  return shapeBalance(await currentBalance(db, accountId, monthly), monthly);
}
