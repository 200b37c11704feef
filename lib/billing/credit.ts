import { eq, sql } from "drizzle-orm";
import { withTransaction, type DbOrTx } from "@/db/client";
import { balances, ledgerEntries } from "@/db/schema";
import { now } from "@/lib/clock";
import { ApiError } from "@/lib/http/errors";

/** Adds purchased units (`comprado`), written to the ledger in the same transaction. */
export async function creditPurchased(
  db: DbOrTx,
  accountId: string,
  units: number,
  source: { kind: "purchase"; orderId: string } | { kind: "operator_load"; note?: string },
): Promise<{ comprado: number }> {
  if (!Number.isInteger(units) || units <= 0) {
    throw new ApiError(400, "parametro_invalido", { text: "Las unidades deben ser un número entero positivo." });
  }
  return withTransaction(db, async (tx) => {
    const at = now();
    await tx.insert(ledgerEntries).values({
      accountId,
      pocket: "comprado",
      kind: source.kind,
      delta: units,
      orderId: source.kind === "purchase" ? source.orderId : null,
      note: source.kind === "operator_load" ? (source.note ?? null) : null,
      createdAt: at,
    });
    const [row] = await tx
      .update(balances)
      .set({ compradoAvailable: sql`${balances.compradoAvailable} + ${units}`, updatedAt: at })
      .where(eq(balances.accountId, accountId))
      .returning({ comprado: balances.compradoAvailable });
    if (!row) throw new ApiError(404, "not_found", { text: "La cuenta no existe." });
    return row;
  });
}
