import { eq, sql } from "drizzle-orm";
import { withTransaction, type DbOrTx } from "@/db/client";
import { balances, ledgerEntries } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record";
import { now } from "@/lib/clock";
import { DomainError } from "@/lib/errors";

/** The most units one credit adds: far above any pack, and small enough that a pocket stays a 32-bit integer. */
export const MAX_CREDIT_UNITS = 10_000_000;

/** Adds purchased units (`comprado`), written to the ledger in the same transaction. */
export async function creditPurchased(
  db: DbOrTx,
  accountId: string,
  units: number,
  source: { kind: "purchase"; orderId: string } | { kind: "operator_load"; note?: string },
): Promise<{ comprado: number }> {
  if (!Number.isInteger(units) || units <= 0 || units > MAX_CREDIT_UNITS) {
    throw new DomainError("parametro_invalido", {
      text: `Las unidades deben ser un número entero entre 1 y ${MAX_CREDIT_UNITS.toLocaleString("es-AR")}.`,
    });
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
      .returning({ comprado: balances.compradoAvailable })
      .catch((e: unknown) => {
        // 22003 numeric_value_out_of_range: the pocket would pass the largest balance a column holds.
        if ((e as { cause?: { code?: string } }).cause?.code === "22003") {
          throw new DomainError("parametro_invalido", { text: "El saldo comprado resultante supera el máximo admitido." });
        }
        throw e;
      });
    if (!row) throw new DomainError("not_found", { text: "La cuenta no existe." });
    return row;
  });
}

/** The longest note an operator load keeps. */
const MAX_NOTE = 200;

/**
 * An operator load of purchased units, by an admin on the web or the operator CLI: the credit, its ledger entry and
 * the audit entry commit together.
 */
export async function loadBalance(
  db: DbOrTx,
  accountId: string,
  input: { units: number; note?: string },
  actor: Actor,
): Promise<{ comprado: number }> {
  const note = input.note?.trim().slice(0, MAX_NOTE) || undefined;
  return withTransaction(db, async (tx) => {
    const result = await creditPurchased(tx, accountId, input.units, { kind: "operator_load", note });
    await recordAudit(tx, actor, "balance.load", accountId, { units: input.units, note: note ?? null });
    return result;
  });
}
