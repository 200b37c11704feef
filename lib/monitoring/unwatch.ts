import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { watchlist } from "@/db/schema";
import { validateCuit } from "@/lib/cuit";
import { DomainError } from "@/lib/errors";

const notWatched = () => new DomainError("not_found", { text: "Ese CUIT no está en tu lista de monitoreo." });

/** DELETE /v1/watchlist/{cuit}: stops watching; its past events stay in the feed. Another account's CUIT is 404. */
export async function unwatchCuit(db: DbOrTx, accountId: string, entrada: string): Promise<{ cuit: string; eliminado: true }> {
  const check = validateCuit(entrada);
  if (!check.ok) throw notWatched();
  const gone = await db
    .delete(watchlist)
    .where(and(eq(watchlist.accountId, accountId), eq(watchlist.cuit, check.cuit)))
    .returning({ cuit: watchlist.cuit });
  if (!gone.length) throw notWatched();
  return { cuit: check.cuit, eliminado: true };
}
