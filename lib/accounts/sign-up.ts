import { eq } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "@/db/client";
import { users } from "@/db/schema";
import { throttle } from "@/lib/auth/throttle";
import { DomainError } from "@/lib/errors";
import { alreadyRegisteredMail } from "@/lib/mail/messages";
import { RESET_REQUEST_PATH, sendAccountMail, sendVerificationMail } from "./auth-mail";
import { createAccount, emailSchema } from "./create";
import { passwordSchema, refinePassword } from "./password-policy";
import { userActor } from "@/lib/audit/record";

export const signUpSchema = z
  .object({
    name: z.string().trim().max(120, { error: "El nombre admite hasta 120 caracteres." }).optional(),
    email: emailSchema,
    password: passwordSchema,
  })
  .superRefine((v, ctx) => refinePassword(ctx, v.password, v.email, "password"));

export type SignUpInput = z.input<typeof signUpSchema>;

/**
 * A sign-up from the web: a Free account whose allotment is held until the owner opens the link mailed to the
 * address. The answer is the same whether or not the address already has an account, and takes as long: an
 * existing one gets a notice by mail instead (with a way in and a way to reset the password), and nothing is
 * created (createAccount hashes the password before it finds the address taken). Counted per client address (policy `signup`) before anything else.
 */
export async function signUp(db: DbOrTx, input: SignUpInput, request: { ip: string; origin: string }): Promise<{ email: string }> {
  await throttle("signup", "ip", request.ip);
  const parsed = signUpSchema.safeParse(input);
  if (!parsed.success) throw new DomainError("parametro_invalido", { text: parsed.error.issues[0].message });
  const { email, password, name } = parsed.data;
  try {
    await createAccount(db, { email, password, name: name || undefined, plan: "free", verified: false }, userActor({ id: null, email, accountId: null }));
  } catch (e) {
    if (!(e instanceof DomainError && e.code === "email_registrado")) throw e;
    await sendAccountMail("notice", alreadyRegisteredMail(email, `${request.origin}/login`, `${request.origin}${RESET_REQUEST_PATH}`));
    return { email };
  }
  const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email));
  await sendVerificationMail(request.origin, user);
  return { email };
}
