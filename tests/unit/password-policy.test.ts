import { describe, expect, it } from "vitest";
import { COMMON_PASSWORDS } from "@/lib/accounts/common-passwords";
import { newAccountSchema } from "@/lib/accounts/create";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordProblems } from "@/lib/accounts/password-policy";
import { signUpSchema } from "@/lib/accounts/sign-up";

const EMAIL = "maria.gonzalez@empresa.com.ar";

describe("password policy", () => {
  it(`accepts a password of at least ${MIN_PASSWORD_LENGTH} characters that is neither the email nor common`, () => {
    expect(passwordProblems("caballo-bateria-grapa", EMAIL)).toEqual([]);
    expect(passwordProblems("x".repeat(MAX_PASSWORD_LENGTH), EMAIL)).toEqual([]);
  });

  it(`refuses fewer than ${MIN_PASSWORD_LENGTH} characters, in Spanish`, () => {
    expect(passwordProblems("corta-123", EMAIL)).toEqual([`La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.`]);
  });

  it(`refuses more than ${MAX_PASSWORD_LENGTH} characters, in Spanish`, () => {
    expect(passwordProblems("x".repeat(MAX_PASSWORD_LENGTH + 1), EMAIL)).toEqual([`La contraseña puede tener hasta ${MAX_PASSWORD_LENGTH} caracteres.`]);
  });

  it.each([
    ["the email itself", EMAIL],
    ["the email in other case", EMAIL.toUpperCase()],
    ["the email with something around it", `!!${EMAIL}2026`],
    ["the local part", "maria.gonzalez"],
    ["the local part with digits", "maria.gonzalez1990"],
    ["the local part inside", "soy-Maria.Gonzalez-de-verdad"],
  ])("refuses %s", (_, password) => {
    expect(passwordProblems(password, EMAIL)).toEqual(["La contraseña no puede ser tu email ni contenerlo."]);
  });

  it("does not refuse a password for holding a very short local part", () => {
    expect(passwordProblems("jotas-y-mas-jotas", "jo@example.com")).toEqual([]);
  });

  it.each(["1234567890", "qwertyuiop", "Password123", "argentina123", "bocajuniors", "contraseña123"])("refuses the common password %s", (password) => {
    expect(passwordProblems(password, EMAIL)).toEqual(["Esa contraseña es de las más usadas y se adivina enseguida. Elegí otra."]);
  });

  it("ships a list of a few hundred common passwords", () => {
    expect(COMMON_PASSWORDS.length).toBeGreaterThanOrEqual(300);
    expect(new Set(COMMON_PASSWORDS.map((p) => p.toLowerCase())).size).toBe(COMMON_PASSWORDS.length);
  });

  it("is the rule of sign-up and of the operator CLI's account creation, with Spanish messages only", () => {
    const cases = ["corta", "x".repeat(MAX_PASSWORD_LENGTH + 1), "qwerty12345", `${EMAIL}!`];
    for (const password of cases) {
      for (const schema of [signUpSchema, newAccountSchema]) {
        const result = schema.safeParse({ email: EMAIL, password });
        expect(result.success, password).toBe(false);
        const messages = result.error!.issues.filter((i) => i.path[0] === "password").map((i) => i.message);
        expect(messages, password).toHaveLength(1);
        expect(messages[0]).toMatch(/^(La contraseña|Esa contraseña)/);
      }
    }
    expect(newAccountSchema.safeParse({ email: EMAIL, password: "caballo-bateria-grapa" }).success).toBe(true);
    // The CLI may create an account without a password (API only).
    expect(newAccountSchema.safeParse({ email: EMAIL }).success).toBe(true);
  });
});
