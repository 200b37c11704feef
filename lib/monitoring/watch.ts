import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { watchlist } from "@/db/schema";
import { resolveCuitOrDni } from "@/lib/cuit";
import { DomainError } from "@/lib/errors";
import type { WatchView } from "@/lib/schemas/monitoring";
import { watchViews } from "./watchlist";

export interface WatchInput {
  entrada: string;
  etiqueta?: string | null;
}

export interface BulkWatchResult {
  agregados: number;
  existentes: number;
  invalidos: { entrada: string; error: string }[];
  /** Entries left out because the plan's limit was reached. */
  excedidos: string[];
}

const overLimit = (limite: number, actuales: number) =>
  new DomainError("limite_monitoreo", {
    text: `Tu plan permite monitorear hasta ${limite.toLocaleString("es-AR")} CUITs y ya tenés ${actuales.toLocaleString("es-AR")}. Quitá alguno o pasate a un plan mayor.`,
    extra: { limite, actuales },
  });

/** Serialises watch additions of one account across every instance, so no race passes the limit. */
async function lockAccount(tx: Tx, accountId: string): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`watchlist:${accountId}`}, 0))`);
  const [{ n }] = await tx.select({ n: count() }).from(watchlist).where(eq(watchlist.accountId, accountId));
  return n;
}

/**
 * POST /v1/watchlist: watches a CUIT (or the CUIL of a DNI, resolved as for a report). Free. Watching one already
 * watched updates its label; a new one past the plan's limit is `409 limite_monitoreo`.
 */
export async function watchCuit(db: Db, accountId: string, limit: number, input: WatchInput): Promise<WatchView & { creado: boolean }> {
  const check = await resolveCuitOrDni(db, input.entrada);
  if (!check.ok) throw new DomainError("cuit_invalido", { text: check.message, extra: { reason: check.reason } });
  const creado = await db.transaction(async (tx) => {
    const actuales = await lockAccount(tx, accountId);
    const [existing] = await tx
      .update(watchlist)
      .set(input.etiqueta !== undefined ? { etiqueta: input.etiqueta } : { cuit: check.cuit })
      .where(and(eq(watchlist.accountId, accountId), eq(watchlist.cuit, check.cuit)))
      .returning({ cuit: watchlist.cuit });
    if (existing) return false;
    if (actuales >= limit) throw overLimit(limit, actuales);
    await tx.insert(watchlist).values({ accountId, cuit: check.cuit, etiqueta: input.etiqueta ?? null });
    return true;
  });
  const [view] = await watchViews(db, accountId, { cuit: check.cuit });
  return { ...view, creado };
}

/**
 * The web's "add many" (a pasted list or a CSV): every valid entry up to the plan's limit, in one transaction.
 * Entries past the limit are listed, not added.
 */
export async function watchMany(db: Db, accountId: string, limit: number, inputs: readonly WatchInput[]): Promise<BulkWatchResult> {
  const result: BulkWatchResult = { agregados: 0, existentes: 0, invalidos: [], excedidos: [] };
  const resolved = new Map<string, string | null>();
  for (const input of inputs) {
    const check = await resolveCuitOrDni(db, input.entrada);
    if (!check.ok) result.invalidos.push({ entrada: input.entrada, error: check.message });
    else if (!resolved.has(check.cuit)) resolved.set(check.cuit, input.etiqueta ?? null);
  }
  await db.transaction(async (tx) => {
    let actuales = await lockAccount(tx, accountId);
    const cuits = [...resolved.keys()];
    const present = cuits.length
      ? new Set(
          (
            await tx
              .select({ cuit: watchlist.cuit })
              .from(watchlist)
              .where(and(eq(watchlist.accountId, accountId), inArray(watchlist.cuit, cuits)))
          ).map((r) => r.cuit),
        )
      : new Set<string>();
    const rows: (typeof watchlist.$inferInsert)[] = [];
    for (const [cuit, etiqueta] of resolved) {
      if (present.has(cuit)) result.existentes++;
      else if (actuales >= limit) result.excedidos.push(cuit);
      else {
        rows.push({ accountId, cuit, etiqueta });
        actuales++;
      }
    }
    if (rows.length) await tx.insert(watchlist).values(rows);
    result.agregados = rows.length;
  });
  return result;
}
