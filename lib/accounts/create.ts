import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { withTransaction, type DbOrTx } from "@/db/client";
import { pgCode } from "@/db/raw";
import { accounts, balances, ledgerEntries, plans, users, type BillingModel, type PlanTier } from "@/db/schema";
import { hashPassword } from "@/lib/auth/passwords";
import { recordAudit, type Actor } from "@/lib/audit/record";
import { localMonth, now } from "@/lib/clock";
import { DomainError } from "@/lib/errors";
import { newId } from "@/lib/id";
import { planTierSchema } from "@/lib/schemas/billing";
import { HELD_PERIOD } from "./allotment-hold";
import { normalizeEmail } from "./find";
import { passwordSchema, refinePassword } from "./password-policy";

export const emailSchema = z
  .string({ error: "Escribí un email válido, por ejemplo nombre@empresa.com." })
  .trim()
  .pipe(z.email({ error: "Escribí un email válido, por ejemplo nombre@empresa.com." }))
  .transform(normalizeEmail);

const fields = {
  email: emailSchema,
  password: passwordSchema.optional(),
  plan: planTierSchema.default("free"),
  admin: z.boolean().default(false),
  billing: z.enum(["balance", "daily_cap"]).default("balance"),
  name: z.string().trim().max(120, { error: "El nombre admite hasta 120 caracteres." }).optional(),
  /** False for a sign-up: the owner has not proved the address yet, and the allotment is held until they do. */
  verified: z.boolean().default(true),
};

/** An account to create; the password, when given, must pass the password policy (lib/accounts/password-policy.ts). */
export const newAccountSchema = z.object(fields).superRefine((v, ctx) => refinePassword(ctx, v.password, v.email, "password"));

/** The same fields, without the policy: only for the demo seed, whose passwords are published anyway. */
const seedAccountSchema = z.object(fields);

export type NewAccount = z.input<typeof newAccountSchema>;

const EMAIL_TAKEN = () => new DomainError("email_registrado", { text: "Ya existe una cuenta con ese email." });

/**
 * Creates an account, its first user and its balance in one transaction: the account starts with its plan's
 * monthly allotment available (written to the ledger), nothing used and nothing purchased, unless it is
 * unverified, in which case the allotment is held (lib/accounts/allotment-hold.ts) until the email is. Without a
 * password the user cannot sign in on the web (API-only account); one can be set later by a reset.
 */
export async function createAccount(
  db: DbOrTx,
  input: NewAccount,
  actor: Actor,
  options: { passwordPolicy?: boolean } = {},
): Promise<{ account_id: string; email: string; plan: PlanTier; billing: BillingModel; admin: boolean }> {
  const parsed = (options.passwordPolicy === false ? seedAccountSchema : newAccountSchema).safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    // zod's enum message does not say which field it is about; an unknown plan is named, as changePlan does.
    const text =
      issue.path[0] === "plan" ? `Plan desconocido: ${String(input.plan)}. Planes: ${planTierSchema.options.join(", ")}.` : issue.message;
    throw new DomainError("parametro_invalido", { text });
  }
  const { email, password, plan, admin, billing, name, verified } = parsed.data;
  const passwordHash = await hashPassword(password ?? randomBytes(32).toString("base64url"));
  return withTransaction(db, async (tx) => {
    const at = now();
    const [planRow] = await tx.select().from(plans).where(eq(plans.tier, plan));
    if (!planRow) throw new DomainError("parametro_invalido", { text: `El plan ${plan} no existe.` });
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (taken) throw EMAIL_TAKEN();
    const accountId = newId("account");
    const grant = verified ? (planRow.informeCuitCupoMensualUnidades ?? 0) : 0;
    await tx.insert(accounts).values({ id: accountId, name: name || email, planTier: plan, billingModel: billing, isAdmin: admin, createdAt: at });
    // Two sign-ups of one email at once both pass the check above; the unique index settles it.
    await tx
      .insert(users)
      .values({ id: newId("user"), email, passwordHash, accountId, createdAt: at, emailVerifiedAt: verified ? at : null })
      .catch((e: unknown) => {
        throw pgCode(e) === "23505" ? EMAIL_TAKEN() : e;
      });
    const cupoPeriod = verified ? localMonth(at) : HELD_PERIOD;
    await tx.insert(balances).values({ accountId, cupoAvailable: grant, cupoUsed: 0, cupoPeriod, compradoAvailable: 0, updatedAt: at });
    if (grant > 0) {
      await tx.insert(ledgerEntries).values({ accountId, pocket: "cupo", kind: "allotment_grant", delta: grant, note: localMonth(at), createdAt: at });
    }
    await recordAudit(tx, actor, "account.create", accountId, { email, plan, admin, billing, verified });
    return { account_id: accountId, email, plan, billing, admin };
  });
}
