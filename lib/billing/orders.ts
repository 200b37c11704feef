import { and, asc, count, desc, eq, ne, sql } from "drizzle-orm";
import { withTransaction, type DbOrTx } from "@/db/client";
import { accounts, packOrders, reportPacks, users, type PackOrder } from "@/db/schema";
import { actorName, recordAudit, type Actor } from "@/lib/audit/record";
import { now } from "@/lib/clock";
import { DomainError } from "@/lib/errors";
import { isId, newId } from "@/lib/id";
import { creditPurchased } from "./credit";

/** Unpaid orders an account may hold at once; more would only clutter the admins' queue. */
export const MAX_PENDING_ORDERS = 5;

export type OrderWithPack = PackOrder & { packLabel: string; packSize: number };
export type PendingOrder = OrderWithPack & { accountName: string; email: string | null };

const notFound = () => new DomainError("not_found", { text: "No hay un pedido con ese número." });

const orderColumns = {
  id: packOrders.id,
  accountId: packOrders.accountId,
  packId: packOrders.packId,
  unidades: packOrders.unidades,
  priceArs: packOrders.priceArs,
  status: packOrders.status,
  createdAt: packOrders.createdAt,
  decidedAt: packOrders.decidedAt,
  decidedBy: packOrders.decidedBy,
  packLabel: reportPacks.displayLabel,
  packSize: reportPacks.packSize,
};

/**
 * Orders a pack, to be paid by bank transfer. The units and the price are copied from the pack at this moment, so
 * a later price change does not alter an order already placed. The account row is locked so two concurrent
 * orders cannot both take the last pending slot.
 */
export async function createOrder(db: DbOrTx, accountId: string, packId: string, actor: Actor): Promise<PackOrder> {
  return withTransaction(db, async (tx) => {
    const [pack] = await tx
      .select()
      .from(reportPacks)
      .where(and(eq(reportPacks.id, packId), eq(reportPacks.active, true)));
    if (!pack) throw new DomainError("not_found", { text: "Ese pack no existe o ya no está a la venta." });
    const [account] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for("update");
    if (!account) throw new DomainError("not_found", { text: "La cuenta no existe." });
    const [{ pending }] = await tx
      .select({ pending: count() })
      .from(packOrders)
      .where(and(eq(packOrders.accountId, accountId), eq(packOrders.status, "pending")));
    if (pending >= MAX_PENDING_ORDERS) {
      throw new DomainError("demasiados_pedidos", {
        text: `Ya tenés ${MAX_PENDING_ORDERS} pedidos pendientes de pago. Pagá o cancelá alguno antes de hacer otro.`,
      });
    }
    const at = now();
    const [order] = await tx
      .insert(packOrders)
      .values({ id: newId("order"), accountId, packId, unidades: pack.unidades, priceArs: pack.priceArs, createdAt: at })
      .returning();
    await recordAudit(tx, actor, "order.create", accountId, { order_id: order.id, pack_id: packId, unidades: pack.unidades, price_ars: pack.priceArs });
    return order;
  });
}

/** One order; with `accountId`, only if it belongs to that account (another's is as missing as none). */
export async function getOrder(db: DbOrTx, orderId: string, accountId?: string): Promise<OrderWithPack> {
  if (!isId("order", orderId)) throw notFound();
  const where = accountId ? and(eq(packOrders.id, orderId), eq(packOrders.accountId, accountId)) : eq(packOrders.id, orderId);
  const [row] = await db.select(orderColumns).from(packOrders).innerJoin(reportPacks, eq(reportPacks.id, packOrders.packId)).where(where);
  if (!row) throw notFound();
  return row;
}

/** An account's orders, newest first. */
export async function listOrders(db: DbOrTx, accountId: string, limit = 20): Promise<OrderWithPack[]> {
  return db
    .select(orderColumns)
    .from(packOrders)
    .innerJoin(reportPacks, eq(reportPacks.id, packOrders.packId))
    .where(eq(packOrders.accountId, accountId))
    .orderBy(desc(packOrders.createdAt), desc(packOrders.id))
    .limit(limit);
}

/**
 * Orders across accounts for the admins' queue: pending ones oldest first (first come, first served), or the
 * latest decided ones. The email is the account's first user's.
 */
export async function listOrdersForAdmin(db: DbOrTx, which: "pending" | "decided", limit = 50): Promise<PendingOrder[]> {
  const firstEmail = sql<string | null>`(select ${users.email} from ${users} where ${users.accountId} = ${accounts.id} order by ${users.createdAt} limit 1)`;
  return db
    .select({ ...orderColumns, accountName: accounts.name, email: firstEmail })
    .from(packOrders)
    .innerJoin(reportPacks, eq(reportPacks.id, packOrders.packId))
    .innerJoin(accounts, eq(accounts.id, packOrders.accountId))
    .where(which === "pending" ? eq(packOrders.status, "pending") : ne(packOrders.status, "pending"))
    .orderBy(...(which === "pending" ? [asc(packOrders.createdAt), asc(packOrders.id)] : [desc(packOrders.createdAt), desc(packOrders.id)]))
    .limit(limit);
}

/** The pending orders of every account, oldest first. */
export const listPendingOrders = (db: DbOrTx, limit = 50) => listOrdersForAdmin(db, "pending", limit);

/**
 * Moves a pending order to `to`, or explains why not. The conditional UPDATE is the guard: when two admins act
 * at once, the second one's UPDATE waits for the first transaction's row lock and then finds the order no
 * longer pending, so it changes nothing.
 */
async function decide(tx: DbOrTx, orderId: string, to: "confirmed" | "cancelled", actor: Actor, accountId?: string): Promise<PackOrder> {
  if (!isId("order", orderId)) throw notFound();
  const scope = accountId ? and(eq(packOrders.id, orderId), eq(packOrders.accountId, accountId)) : eq(packOrders.id, orderId);
  const [order] = await tx
    .update(packOrders)
    .set({ status: to, decidedAt: now(), decidedBy: actorName(actor) })
    .where(and(scope, eq(packOrders.status, "pending")))
    .returning();
  if (order) return order;
  const [existing] = await tx.select({ status: packOrders.status }).from(packOrders).where(scope);
  if (!existing) throw notFound();
  throw new DomainError("pedido_ya_resuelto", {
    text: existing.status === "confirmed" ? "Este pedido ya fue acreditado." : "Este pedido fue cancelado.",
  });
}

/**
 * Confirms that an order was paid and credits its units to the purchased pocket, through the ledger, in the same
 * transaction as the status change: the units are credited exactly once however many times it is called.
 */
export async function confirmOrder(db: DbOrTx, orderId: string, actor: Actor): Promise<{ order: PackOrder; comprado: number }> {
  return withTransaction(db, async (tx) => {
    const order = await decide(tx, orderId, "confirmed", actor);
    const { comprado } = await creditPurchased(tx, order.accountId, order.unidades, { kind: "purchase", orderId: order.id });
    await recordAudit(tx, actor, "order.confirm", order.accountId, { order_id: order.id, unidades: order.unidades, price_ars: order.priceArs });
    return { order, comprado };
  });
}

/** Cancels a pending order. With `accountId` (a customer cancelling), only that account's own orders. */
export async function cancelOrder(db: DbOrTx, orderId: string, actor: Actor, accountId?: string): Promise<PackOrder> {
  return withTransaction(db, async (tx) => {
    const order = await decide(tx, orderId, "cancelled", actor, accountId);
    await recordAudit(tx, actor, "order.cancel", order.accountId, { order_id: order.id });
    return order;
  });
}
