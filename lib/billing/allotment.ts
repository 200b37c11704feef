import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { balances, ledgerEntries, type Balance } from "@/db/schema";
import { localMonth } from "@/lib/clock";

/**
 * Locks the account's balance row and, on the first touch of a new calendar month (Buenos Aires), replaces the
 * allotment: what is left of the old one expires and the plan's monthly units are granted, both written to the
 * ledger. Purchased units are never touched. Returns the locked, current row.
 */
export async function lockBalance(tx: Tx, accountId: string, monthly: number | null, at: Date): Promise<Balance> {
  const [row] = await tx.select().from(balances).where(eq(balances.accountId, accountId)).for("update");
  if (!row) throw new Error(`balance row missing for account ${accountId}`);
  const period = localMonth(at);
  if (row.cupoPeriod >= period) return row;
  const grant = monthly ?? 0;
  const entries = [];
  if (row.cupoAvailable > 0) {
    entries.push({ accountId, pocket: "cupo" as const, kind: "allotment_expire" as const, delta: -row.cupoAvailable, note: row.cupoPeriod, createdAt: at });
  }
  if (grant > 0) entries.push({ accountId, pocket: "cupo" as const, kind: "allotment_grant" as const, delta: grant, note: period, createdAt: at });
  if (entries.length) await tx.insert(ledgerEntries).values(entries);
  const [updated] = await tx
    .update(balances)
    .set({ cupoAvailable: grant, cupoUsed: 0, cupoPeriod: period, updatedAt: at })
    .where(eq(balances.accountId, accountId))
    .returning();
  return updated;
}
