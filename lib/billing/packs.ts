import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { reportPacks } from "@/db/schema";

/** The packs on sale with their ids (the public prices shape has none), in display order. */
export function packsForSale(db: DbOrTx) {
  return db
    .select({ id: reportPacks.id, packSize: reportPacks.packSize, unidades: reportPacks.unidades, priceArs: reportPacks.priceArs, displayLabel: reportPacks.displayLabel })
    .from(reportPacks)
    .where(eq(reportPacks.active, true))
    .orderBy(asc(reportPacks.sort), asc(reportPacks.packSize));
}
