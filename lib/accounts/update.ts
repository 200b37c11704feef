import { eq } from "drizzle-orm";
import { withTransaction, type DbOrTx } from "@/db/client";
import { accounts, balances, ledgerEntries, plans, type PlanTier } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record";
import { lockBalance } from "@/lib/billing/allotment";
import { now } from "@/lib/clock";
import { DomainError } from "@/lib/errors";
import { planTierSchema } from "@/lib/schemas/billing";

export async function setSuspended(db: DbOrTx, accountId: string, suspended: boolean, actor: Actor): Promise<void> {
  await withTransaction(db, async (tx) => {
    const [row] = await tx.update(accounts).set({ suspended }).where(eq(accounts.id, accountId)).returning({ id: accounts.id });
    if (!row) throw new DomainError("not_found", { text: "La cuenta no existe." });
    await recordAudit(tx, actor, suspended ? "account.suspend" : "account.unsuspend", accountId);
  });
}

/**
 * Moves an account to another plan. This month's allotment becomes the new plan's monthly units minus what was
 * already used this month (never below zero), and the difference is written to the ledger.
 */
export async function changePlan(db: DbOrTx, accountId: string, tier: string, actor: Actor): Promise<{ plan: PlanTier }> {
  const parsedTier = planTierSchema.safeParse(tier);
  if (!parsedTier.success) {
    throw new DomainError("parametro_invalido", { text: `Plan desconocido: ${tier}. Planes: ${planTierSchema.options.join(", ")}.` });
  }
  const plan = parsedTier.data;
  return withTransaction(db, async (tx) => {
    const at = now();
    const [current] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for("update");
    if (!current) throw new DomainError("not_found", { text: "La cuenta no existe." });
    const [[oldPlan], [newPlan]] = await Promise.all([
      tx.select().from(plans).where(eq(plans.tier, current.planTier)),
      tx.select().from(plans).where(eq(plans.tier, plan)),
    ]);
    const balance = await lockBalance(tx, accountId, oldPlan?.informeCuitCupoMensualUnidades ?? null, at);
    const target = Math.max(0, (newPlan.informeCuitCupoMensualUnidades ?? 0) - balance.cupoUsed);
    const delta = target - balance.cupoAvailable;
    if (delta !== 0) {
      await tx.insert(ledgerEntries).values({
        accountId,
        pocket: "cupo",
        kind: delta > 0 ? "allotment_grant" : "allotment_expire",
        delta,
        note: `plan ${current.planTier} -> ${plan}`,
        createdAt: at,
      });
      await tx.update(balances).set({ cupoAvailable: target, updatedAt: at }).where(eq(balances.accountId, accountId));
    }
    await tx.update(accounts).set({ planTier: plan }).where(eq(accounts.id, accountId));
    await recordAudit(tx, actor, "account.plan", accountId, { from: current.planTier, to: plan });
    return { plan };
  });
}
