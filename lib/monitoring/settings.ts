import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { monitoringSettings } from "@/db/schema";
import { DomainError } from "@/lib/errors";

/** The account's `saldo.bajo` threshold in units; null when it has none. */
export async function lowBalanceThreshold(db: DbOrTx, accountId: string): Promise<number | null> {
  const [row] = await db.select({ umbral: monitoringSettings.umbralSaldoBajo }).from(monitoringSettings).where(eq(monitoringSettings.accountId, accountId));
  return row?.umbral ?? null;
}

/** Sets (or with null, removes) the threshold below which a report's debit raises `saldo.bajo`. */
export async function setLowBalanceThreshold(db: DbOrTx, accountId: string, umbral: number | null): Promise<void> {
  if (umbral !== null && (!Number.isSafeInteger(umbral) || umbral < 1)) {
    throw new DomainError("body_invalido", { text: "El umbral debe ser un número entero de unidades, mayor que cero." });
  }
  await db
    .insert(monitoringSettings)
    .values({ accountId, umbralSaldoBajo: umbral })
    .onConflictDoUpdate({ target: monitoringSettings.accountId, set: { umbralSaldoBajo: umbral } });
}
