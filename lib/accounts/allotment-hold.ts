import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { accounts, balances, ledgerEntries, plans } from "@/db/schema";
import { localMonth } from "@/lib/clock";

/**
 * The allotment period of an account whose email is not verified yet. It sorts after every real month, so the
 * billing code (lib/billing/allotment.ts, debit.ts, balance.ts) sees the allotment as current and never grants
 * the plan's monthly units: the account starts with none and gets none, month after month, until the owner
 * proves the address. Purchased units are spendable meanwhile. Verifying (`releaseAllotment`) sets the real
 * month and grants the allotment through the ledger, so the ledger still sums to the balance.
 */
export const HELD_PERIOD = "9999-12";

/**
 * Grants a held account its plan's allotment for the month of `at`, written to the ledger, and returns the units
 * granted (0 when nothing was held). Takes the balance row lock, as every balance change does.
 */
export async function releaseAllotment(tx: Tx, accountId: string, at: Date): Promise<number> {
  const [row] = await tx.select().from(balances).where(eq(balances.accountId, accountId)).for("update");
  if (!row || row.cupoPeriod !== HELD_PERIOD) return 0;
  const [plan] = await tx
    .select({ monthly: plans.informeCuitCupoMensualUnidades })
    .from(accounts)
    .innerJoin(plans, eq(plans.tier, accounts.planTier))
    .where(eq(accounts.id, accountId));
  // An operator may have moved the held account to another plan (which sets its allotment): that stands.
  const target = Math.max(row.cupoAvailable, (plan?.monthly ?? 0) - row.cupoUsed);
  const grant = target - row.cupoAvailable;
  const period = localMonth(at);
  if (grant > 0) {
    await tx.insert(ledgerEntries).values({ accountId, pocket: "cupo", kind: "allotment_grant", delta: grant, note: period, createdAt: at });
  }
  await tx.update(balances).set({ cupoAvailable: target, cupoPeriod: period, updatedAt: at }).where(eq(balances.accountId, accountId));
  return grant;
}
