import { z } from "zod";
import { COMMON_PASSWORDS } from "./common-passwords";

export const MIN_PASSWORD_LENGTH = 10;
/** argon2 would take more, but a longer "password" is a paste accident, and a huge one only costs the server. */
export const MAX_PASSWORD_LENGTH = 128;
/** A shorter local part ("ab@…") is a substring of too many good passwords to be refused for containing it. */
const MIN_LOCAL_PART_CHECKED = 3;

const COMMON = new Set(COMMON_PASSWORDS.map((p) => p.toLowerCase()));

export const PASSWORD_HINT = `Al menos ${MIN_PASSWORD_LENGTH} caracteres, que no sean tu email ni una contraseña común.`;

/**
 * What is wrong with `password` for the owner of `email`, as sentences for the person, or an empty list. The one
 * policy of sign-up, password change, reset and the operator CLI's account creation.
 */
export function passwordProblems(password: string, email?: string | null): string[] {
  if (password.length < MIN_PASSWORD_LENGTH) return [`La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.`];
  if (password.length > MAX_PASSWORD_LENGTH) return [`La contraseña puede tener hasta ${MAX_PASSWORD_LENGTH} caracteres.`];
  const lower = password.toLowerCase();
  const problems: string[] = [];
  const address = email?.trim().toLowerCase();
  if (address) {
    const local = address.split("@")[0] ?? "";
    if (lower.includes(address) || (local.length >= MIN_LOCAL_PART_CHECKED && lower.includes(local))) {
      problems.push("La contraseña no puede ser tu email ni contenerlo.");
    }
  }
  if (COMMON.has(lower)) problems.push("Esa contraseña es de las más usadas y se adivina enseguida. Elegí otra.");
  return problems;
}

/** A password field: length rules with Spanish messages; the email rules need the address (`refinePassword`). */
export const passwordSchema = z
  .string({ error: "Escribí una contraseña." })
  .min(MIN_PASSWORD_LENGTH, { error: `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.` })
  .max(MAX_PASSWORD_LENGTH, { error: `La contraseña puede tener hasta ${MAX_PASSWORD_LENGTH} caracteres.` });

/** Adds the policy's issues for `password` (owned by `email`) to a zod object refinement, under `path`. */
export function refinePassword(ctx: z.RefinementCtx, password: string | undefined, email: string | undefined, path: string): void {
  if (password === undefined || password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) return;
  for (const message of passwordProblems(password, email)) ctx.addIssue({ code: "custom", path: [path], message });
}
