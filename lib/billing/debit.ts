import { eq, sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { balances, ledgerEntries, type Balance } from "@/db/schema";
import { lockBalance } from "./allotment";

export class InsufficientBalance extends Error {
  override name = "InsufficientBalance";
  constructor(readonly balance: Balance) {
    super("insufficient balance");
  }
}

/**
 * Debits `cost` units, allotment first, then purchased units. Runs inside the generation's transaction so the
 * charge and the report commit together; the row lock makes concurrent debits of one account take turns, and the
 * CHECK constraints would refuse a negative pocket even if this code were wrong.
 */
export async function debit(
  tx: Tx,
  accountId: string,
  monthly: number | null,
  cost: number,
  reportId: string,
  at: Date,
): Promise<Balance> {
  const row = await lockBalance(tx, accountId, monthly, at);
  if (row.cupoAvailable + row.compradoAvailable < cost) throw new InsufficientBalance(row);
  const fromCupo = Math.min(row.cupoAvailable, cost);
  const fromComprado = cost - fromCupo;
  const entries = [];
  if (fromCupo > 0) entries.push({ accountId, pocket: "cupo" as const, kind: "report_debit" as const, delta: -fromCupo, reportId, createdAt: at });
  if (fromComprado > 0) {
    entries.push({ accountId, pocket: "comprado" as const, kind: "report_debit" as const, delta: -fromComprado, reportId, createdAt: at });
  }
  // Both writes in one round trip (pipelined on the transaction's connection).
  const [, [updated]] = await Promise.all([
    entries.length ? tx.insert(ledgerEntries).values(entries) : undefined,
    tx
      .update(balances)
      .set({
        cupoAvailable: sql`${balances.cupoAvailable} - ${fromCupo}`,
        cupoUsed: sql`${balances.cupoUsed} + ${fromCupo}`,
        compradoAvailable: sql`${balances.compradoAvailable} - ${fromComprado}`,
        updatedAt: at,
      })
      .where(eq(balances.accountId, accountId))
      .returning(),
  ]);
  return updated;
}
