import { eq, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { balances, ledgerEntries } from "@/db/schema";

/** The sum of the account's ledger per pocket, next to the stored balance row. */
export async function ledgerAndBalance(accountId: string) {
  const db = await getDb();
  const sums = await db
    .select({ pocket: ledgerEntries.pocket, total: sql<number>`coalesce(sum(${ledgerEntries.delta}), 0)::int` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, accountId))
    .groupBy(ledgerEntries.pocket);
  const [row] = await db.select().from(balances).where(eq(balances.accountId, accountId));
  const total = (pocket: "cupo" | "comprado") => sums.find((s) => s.pocket === pocket)?.total ?? 0;
  return { ledger: { cupo: total("cupo"), comprado: total("comprado") }, balance: { cupo: row.cupoAvailable, comprado: row.compradoAvailable } };
}

export async function ledgerOf(accountId: string) {
  const db = await getDb();
  return db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, accountId)).orderBy(ledgerEntries.id);
}
