import { randomBytes } from "node:crypto";
import { z } from "zod";
import { withTransaction, type DbOrTx } from "@/db/client";
import { accounts, balances, ledgerEntries, plans, users, type BillingModel, type PlanTier } from "@/db/schema";
import { hashPassword } from "@/lib/auth/passwords";
import { recordAudit, type Actor } from "@/lib/audit/record";
import { localMonth, now } from "@/lib/clock";
import { ApiError } from "@/lib/http/errors";
import { newId } from "@/lib/id";
import { planTierSchema } from "@/lib/schemas/billing";
import { eq } from "drizzle-orm";
import { normalizeEmail } from "./find";

export const MIN_PASSWORD_LENGTH = 8;

export const newAccountSchema = z.object({
  email: z.email({ error: "El email no es válido." }).transform(normalizeEmail),
  password: z.string().min(MIN_PASSWORD_LENGTH, { error: `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.` }).max(200).optional(),
  plan: planTierSchema.default("free"),
  admin: z.boolean().default(false),
  billing: z.enum(["balance", "daily_cap"]).default("balance"),
  name: z.string().trim().max(120).optional(),
});

export type NewAccount = z.input<typeof newAccountSchema>;

/**
 * Creates an account, its first user and its balance in one transaction: the account starts with its plan's
 * monthly allotment available (written to the ledger), nothing used and nothing purchased. Without a password the
 * user cannot sign in on the web (API-only account); one can be set later.
 */
export async function createAccount(
  db: DbOrTx,
  input: NewAccount,
  actor: Actor,
): Promise<{ account_id: string; email: string; plan: PlanTier; billing: BillingModel; admin: boolean }> {
  const parsed = newAccountSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    // zod's enum message does not say which field it is about; an unknown plan is named, as changePlan does.
    const text =
      issue.path[0] === "plan" ? `Plan desconocido: ${String(input.plan)}. Planes: ${planTierSchema.options.join(", ")}.` : issue.message;
    throw new ApiError(400, "parametro_invalido", { text });
  }
  const { email, password, plan, admin, billing, name } = parsed.data;
  const passwordHash = await hashPassword(password ?? randomBytes(32).toString("base64url"));
  return withTransaction(db, async (tx) => {
    const at = now();
    const [planRow] = await tx.select().from(plans).where(eq(plans.tier, plan));
    if (!planRow) throw new ApiError(400, "parametro_invalido", { text: `El plan ${plan} no existe.` });
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (taken) throw new ApiError(409, "email_registrado", { text: "Ya existe una cuenta con ese email." });
    const accountId = newId("account");
    const grant = planRow.informeCuitCupoMensualUnidades ?? 0;
    await tx.insert(accounts).values({ id: accountId, name: name || email, planTier: plan, billingModel: billing, isAdmin: admin, createdAt: at });
    await tx
      .insert(users)
      .values({ id: newId("user"), email, passwordHash, accountId, createdAt: at })
      .catch((e: { code?: string }) => {
        if (e.code === "23505") throw new ApiError(409, "email_registrado", { text: "Ya existe una cuenta con ese email." });
        throw e;
      });
    await tx.insert(balances).values({ accountId, cupoAvailable: grant, cupoUsed: 0, cupoPeriod: localMonth(at), compradoAvailable: 0, updatedAt: at });
    if (grant > 0) {
      await tx.insert(ledgerEntries).values({ accountId, pocket: "cupo", kind: "allotment_grant", delta: grant, note: localMonth(at), createdAt: at });
    }
    await recordAudit(tx, actor, "account.create", accountId, { email, plan, admin, billing });
    return { account_id: accountId, email, plan, billing, admin };
  });
}
