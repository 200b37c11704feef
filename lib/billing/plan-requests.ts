import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { withTransaction, type DbOrTx } from "@/db/client";
import { accounts, planRequests, plans, users, type PlanRequest, type PlanTier } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record";
import { now } from "@/lib/clock";
import { DomainError } from "@/lib/errors";
import { isId, newId } from "@/lib/id";

export type PlanRequestRow = PlanRequest & { accountName: string; email: string | null; requestedLabel: string; fromLabel: string };

const notFound = () => new DomainError("not_found", { text: "No hay una solicitud con ese número." });

/**
 * A customer asks for a paid plan above its own. The plan itself changes only when sales (an admin) moves the
 * account; this records the request for them. Asking again for a plan still pending returns the same request, so
 * a double click does not queue it twice: the account row is locked while checking.
 */
export async function requestPlan(db: DbOrTx, accountId: string, tier: string, actor: Actor): Promise<{ request: PlanRequest; created: boolean }> {
  return withTransaction(db, async (tx) => {
    const [account] = await tx
      .select({ tier: accounts.planTier, rank: plans.rank })
      .from(accounts)
      .innerJoin(plans, eq(plans.tier, accounts.planTier))
      .where(eq(accounts.id, accountId))
      .for("update", { of: accounts });
    if (!account) throw new DomainError("not_found", { text: "La cuenta no existe." });
    const [wanted] = await tx.select().from(plans).where(sql`${plans.tier}::text = ${tier}`);
    if (!wanted) throw new DomainError("parametro_invalido", { text: "Ese plan no existe." });
    if (wanted.rank <= account.rank) throw new DomainError("plan_no_superior", { text: "Ya tenés ese plan o uno superior." });
    const [pending] = await tx
      .select()
      .from(planRequests)
      .where(and(eq(planRequests.accountId, accountId), eq(planRequests.requestedTier, wanted.tier), isNull(planRequests.handledAt)));
    if (pending) return { request: pending, created: false };
    const [request] = await tx
      .insert(planRequests)
      .values({ id: newId("planRequest"), accountId, fromTier: account.tier, requestedTier: wanted.tier, createdAt: now() })
      .returning();
    await recordAudit(tx, actor, "plan.request", accountId, { solicitud_id: request.id, plan_actual: account.tier, plan_pedido: wanted.tier });
    return { request, created: true };
  });
}

/** The account's requests still waiting for sales, newest first. */
export async function pendingPlanRequests(db: DbOrTx, accountId: string): Promise<{ requestedTier: PlanTier; createdAt: Date }[]> {
  return db
    .select({ requestedTier: planRequests.requestedTier, createdAt: planRequests.createdAt })
    .from(planRequests)
    .where(and(eq(planRequests.accountId, accountId), isNull(planRequests.handledAt)))
    .orderBy(desc(planRequests.createdAt));
}

/** Requests across accounts for the admins: pending ones or the latest handled ones, newest first. */
export async function listPlanRequests(db: DbOrTx, which: "pending" | "handled", limit = 50): Promise<PlanRequestRow[]> {
  const firstEmail = sql<string | null>`(select ${users.email} from ${users} where ${users.accountId} = ${accounts.id} order by ${users.createdAt} limit 1)`;
  const label = (tier: AnyPgColumn) => sql<string>`(select ${plans.displayLabel} from ${plans} where ${plans.tier} = ${tier})`;
  return db
    .select({
      id: planRequests.id,
      accountId: planRequests.accountId,
      fromTier: planRequests.fromTier,
      requestedTier: planRequests.requestedTier,
      createdAt: planRequests.createdAt,
      handledAt: planRequests.handledAt,
      accountName: accounts.name,
      email: firstEmail,
      requestedLabel: label(planRequests.requestedTier),
      fromLabel: label(planRequests.fromTier),
    })
    .from(planRequests)
    .innerJoin(accounts, eq(accounts.id, planRequests.accountId))
    .where(which === "pending" ? isNull(planRequests.handledAt) : isNotNull(planRequests.handledAt))
    .orderBy(desc(planRequests.createdAt), desc(planRequests.id))
    .limit(limit);
}

/** Sales answered the request (moved the plan or not): it leaves the pending list. Only once. */
export async function markPlanRequestHandled(db: DbOrTx, id: string, actor: Actor): Promise<PlanRequest> {
  if (!isId("planRequest", id)) throw notFound();
  return withTransaction(db, async (tx) => {
    const [row] = await tx
      .update(planRequests)
      .set({ handledAt: now() })
      .where(and(eq(planRequests.id, id), isNull(planRequests.handledAt)))
      .returning();
    if (!row) {
      const [existing] = await tx.select({ id: planRequests.id }).from(planRequests).where(eq(planRequests.id, id));
      if (!existing) throw notFound();
      throw new DomainError("solicitud_ya_atendida", { text: "Esta solicitud ya estaba atendida." });
    }
    await recordAudit(tx, actor, "plan.request.handled", row.accountId, { solicitud_id: row.id, plan_pedido: row.requestedTier });
    return row;
  });
}
