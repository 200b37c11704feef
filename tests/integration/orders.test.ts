import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { auditLog, balances, ledgerEntries, packOrders, reportPacks } from "@/db/schema";
import { getBalance } from "@/lib/billing/balance";
import { creditPurchased } from "@/lib/billing/credit";
import {
  cancelOrder,
  confirmOrder,
  createOrder,
  getOrder,
  listOrders,
  listPendingOrders,
  MAX_PENDING_ORDERS,
} from "@/lib/billing/orders";
import { DomainError } from "@/lib/errors";
import { newAccount } from "../helpers/accounts";
import { OPERATOR, userActor, type Actor } from "@/lib/audit/record";

const ADMIN: Actor = { kind: "admin", accountId: null, userId: null, email: "orders-admin@example.test" };

async function pocketSums(accountId: string) {
  const db = await getDb();
  const rows = await db
    .select({ pocket: ledgerEntries.pocket, total: sql<number>`sum(${ledgerEntries.delta})::int` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, accountId))
    .groupBy(ledgerEntries.pocket);
  const [balance] = await db.select().from(balances).where(eq(balances.accountId, accountId));
  return {
    ledger: Object.fromEntries(rows.map((r) => [r.pocket, r.total])) as Record<string, number>,
    balance,
  };
}

async function errorOf(p: Promise<unknown>): Promise<DomainError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(DomainError);
  return e as DomainError;
}

describe("pack orders", () => {
  it("creates a pending order that copies the pack's units and price", async () => {
    const db = await getDb();
    const a = await newAccount({ plan: "free" });
    const [pack] = await db.select().from(reportPacks).where(eq(reportPacks.id, "pack-5"));
    const order = await createOrder(db, a.accountId, "pack-5", userActor({ ...a, id: a.userId }));
    expect(order).toMatchObject({ accountId: a.accountId, packId: "pack-5", unidades: pack.unidades, priceArs: pack.priceArs, status: "pending" });
    expect(order.id).toMatch(/^ord_/);
    const listed = await listOrders(db, a.accountId);
    expect(listed.map((o) => o.id)).toEqual([order.id]);
    expect(listed[0].packLabel).toBe(pack.displayLabel);
    expect((await listPendingOrders(db, 1000)).some((o) => o.id === order.id && o.email === a.email)).toBe(true);
    // Ordering does not credit anything until an admin confirms the payment.
    expect((await getBalance(db, a.accountId, 200)).comprado.unidades_disponibles).toBe(0);
  });

  it("refuses an unknown or inactive pack", async () => {
    const db = await getDb();
    const a = await newAccount({ plan: "free" });
    expect((await errorOf(createOrder(db, a.accountId, "pack-nope", OPERATOR))).code).toBe("not_found");
  });

  it(`refuses more than ${MAX_PENDING_ORDERS} pending orders at once`, async () => {
    const db = await getDb();
    const a = await newAccount({ plan: "free" });
    const orders = await Promise.allSettled(Array.from({ length: MAX_PENDING_ORDERS + 2 }, () => createOrder(db, a.accountId, "pack-5", OPERATOR)));
    expect(orders.filter((o) => o.status === "fulfilled")).toHaveLength(MAX_PENDING_ORDERS);
    const refused = orders.filter((o) => o.status === "rejected");
    expect(refused).toHaveLength(2);
    expect(refused[0].reason).toMatchObject({ code: "demasiados_pedidos" });
  });

  it("confirming credits the purchased pocket through the ledger and writes the audit log", async () => {
    const db = await getDb();
    const a = await newAccount({ plan: "pro" });
    const order = await createOrder(db, a.accountId, "pack-20", userActor({ ...a, id: a.userId }));
    const { order: confirmed, comprado } = await confirmOrder(db, order.id, ADMIN);
    expect(confirmed).toMatchObject({ id: order.id, status: "confirmed", decidedBy: ADMIN.email });
    expect(comprado).toBe(4_000);
    const balance = await getBalance(db, a.accountId, 4_000);
    expect(balance.comprado).toEqual({ unidades_disponibles: 4_000, informes_nuevos: 20, actualizaciones: 80 });
    const entries = await db.select().from(ledgerEntries).where(and(eq(ledgerEntries.accountId, a.accountId), eq(ledgerEntries.kind, "purchase")));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ pocket: "comprado", delta: 4_000, orderId: order.id });
    const audit = await db.select().from(auditLog).where(and(eq(auditLog.accountId, a.accountId), eq(auditLog.action, "order.confirm")));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: ADMIN.email, details: { order_id: order.id, unidades: 4_000 } });
  });

  it("credits exactly once when several admins confirm the same order at the same time", async () => {
    const db = await getDb();
    const a = await newAccount({ plan: "free" });
    const order = await createOrder(db, a.accountId, "pack-100", OPERATOR);
    const attempts = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => confirmOrder(db, order.id, { ...ADMIN, email: `admin${i}@example.test` })));
    const won = attempts.filter((r) => r.status === "fulfilled");
    const lost = attempts.filter((r) => r.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(7);
    for (const r of lost) expect(r.reason).toMatchObject({ code: "pedido_ya_resuelto" });
    const { ledger, balance } = await pocketSums(a.accountId);
    expect(balance.compradoAvailable).toBe(20_000);
    expect(ledger.comprado).toBe(20_000);
    const purchases = await db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.id));
    expect(purchases).toHaveLength(1);
    const audits = await db.select().from(auditLog).where(and(eq(auditLog.accountId, a.accountId), eq(auditLog.action, "order.confirm")));
    expect(audits).toHaveLength(1);
  });

  it("lets exactly one of a concurrent confirm and cancel win", async () => {
    const db = await getDb();
    const a = await newAccount({ plan: "free" });
    const order = await createOrder(db, a.accountId, "pack-5", OPERATOR);
    const [confirm, cancel] = await Promise.allSettled([confirmOrder(db, order.id, ADMIN), cancelOrder(db, order.id, ADMIN)]);
    expect([confirm.status, cancel.status].sort()).toEqual(["fulfilled", "rejected"]);
    const [row] = await db.select().from(packOrders).where(eq(packOrders.id, order.id));
    const { balance } = await pocketSums(a.accountId);
    expect(balance.compradoAvailable).toBe(row.status === "confirmed" ? 1_000 : 0);
  });

  it("never confirms a cancelled order, nor cancels a confirmed one", async () => {
    const db = await getDb();
    const a = await newAccount({ plan: "free" });
    const cancelled = await createOrder(db, a.accountId, "pack-5", OPERATOR);
    await cancelOrder(db, cancelled.id, userActor({ ...a, id: a.userId }), a.accountId);
    expect(await errorOf(confirmOrder(db, cancelled.id, ADMIN))).toMatchObject({ code: "pedido_ya_resuelto" });
    const confirmed = await createOrder(db, a.accountId, "pack-5", OPERATOR);
    await confirmOrder(db, confirmed.id, ADMIN);
    expect(await errorOf(cancelOrder(db, confirmed.id, ADMIN))).toMatchObject({ code: "pedido_ya_resuelto", message: "Este pedido ya fue acreditado." });
    expect((await getBalance(db, a.accountId, 200)).comprado.unidades_disponibles).toBe(1_000);
  });

  it("treats another account's order as missing", async () => {
    const db = await getDb();
    const owner = await newAccount({ plan: "free" });
    const other = await newAccount({ plan: "free" });
    const order = await createOrder(db, owner.accountId, "pack-5", OPERATOR);
    expect((await errorOf(getOrder(db, order.id, other.accountId))).code).toBe("not_found");
    expect((await errorOf(cancelOrder(db, order.id, userActor({ ...other, id: other.userId }), other.accountId))).code).toBe("not_found");
    expect((await errorOf(getOrder(db, "ord_malformed", owner.accountId))).code).toBe("not_found");
    expect((await getOrder(db, order.id, owner.accountId)).status).toBe("pending");
  });

  it("keeps the ledger summing to the balance across grants, loads and purchases", async () => {
    const db = await getDb();
    const a = await newAccount({ plan: "starter" });
    await creditPurchased(db, a.accountId, 333, { kind: "operator_load", note: "test" });
    const orders = await Promise.all([createOrder(db, a.accountId, "pack-5", OPERATOR), createOrder(db, a.accountId, "pack-20", OPERATOR)]);
    await Promise.all(orders.map((o) => confirmOrder(db, o.id, ADMIN)));
    const { ledger, balance } = await pocketSums(a.accountId);
    expect(ledger.cupo).toBe(balance.cupoAvailable);
    expect(ledger.comprado).toBe(balance.compradoAvailable);
    expect(balance.compradoAvailable).toBe(333 + 1_000 + 4_000);
  });
});
