import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { auditLog, users } from "@/db/schema";
import { changePassword } from "@/lib/accounts/password-change";
import { checkResetLink, requestPasswordReset, resetPassword } from "@/lib/accounts/password-reset";
import { signUp } from "@/lib/accounts/sign-up";
import { passwordBinding, signLink } from "@/lib/auth/email-link";
import { verifyPassword } from "@/lib/auth/passwords";
import { isSessionValid } from "@/lib/auth/revoke";
import { DomainError } from "@/lib/errors";
import { POLICIES } from "@/lib/ratelimit";
import { newAccount } from "../helpers/accounts";
import { ledgerAndBalance } from "../helpers/ledger";
import { startMailbox, tokenIn, type Mailbox } from "../helpers/mailbox";

const SMTP_PORT = vi.hoisted(() => {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  // Read once by env() on first use in this worker: mail goes to the SMTP server this file starts.
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  process.env.APP_URL = "http://localhost:3000";
  return port;
});

const ORIGIN = "http://localhost:3000";
const PASSWORD = "caballo-bateria-grapa";
const RESET_PATH = "/recuperar-contrasena/nueva";
let mailbox: Mailbox;
let ipSeq = 0;
const freshIp = () => `10.99.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

beforeAll(async () => {
  mailbox = await startMailbox(SMTP_PORT);
});
afterAll(async () => {
  await mailbox.close();
});

async function errorOf(p: Promise<unknown>): Promise<DomainError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(DomainError);
  return e as DomainError;
}

async function userRow(id: string) {
  const [row] = await (await getDb()).select().from(users).where(eq(users.id, id));
  return row;
}

/** Asks for a reset of `email` and returns the token of the link mailed to it. */
async function resetToken(email: string): Promise<string> {
  await requestPasswordReset(await getDb(), email, { ip: freshIp(), origin: ORIGIN });
  return tokenIn(await mailbox.next(email), RESET_PATH);
}

describe("password change", () => {
  it("needs the current password, applies the policy, and mails a notice", async () => {
    const a = await newAccount({ password: PASSWORD });
    const db = await getDb();
    const wrong = await errorOf(changePassword(db, a.userId, { current: "no-es-la-actual", password: "otra-frase-bien-larga" }, ORIGIN));
    expect(wrong).toMatchObject({ code: "parametro_invalido", message: "La contraseña actual no es correcta.", extra: { field: "current" } });
    const weak = await errorOf(changePassword(db, a.userId, { current: PASSWORD, password: "1234567890" }, ORIGIN));
    expect(weak).toMatchObject({ extra: { field: "password" }, message: "Esa contraseña es de las más usadas y se adivina enseguida. Elegí otra." });
    const mine = await errorOf(changePassword(db, a.userId, { current: PASSWORD, password: `${a.email}-x` }, ORIGIN));
    expect(mine.message).toBe("La contraseña no puede ser tu email ni contenerlo.");
    expect(await verifyPassword((await userRow(a.userId)).passwordHash, PASSWORD)).toBe(true);

    await changePassword(db, a.userId, { current: PASSWORD, password: "otra-frase-bien-larga" }, ORIGIN);
    expect(await verifyPassword((await userRow(a.userId)).passwordHash, "otra-frase-bien-larga")).toBe(true);
    const notice = await mailbox.next(a.email);
    expect(notice.text).toContain("acaba de cambiar");
    const audit = await db.select().from(auditLog).where(eq(auditLog.accountId, a.accountId));
    expect(audit.map((e) => e.action)).toContain("user.password_change");
  });

  it(`slows down guessing the current password: ${POLICIES.passwordChange[0].limit} tries per quarter hour`, async () => {
    const a = await newAccount({ password: PASSWORD });
    const db = await getDb();
    for (let i = 0; i < POLICIES.passwordChange[0].limit; i++) {
      expect((await errorOf(changePassword(db, a.userId, { current: `intento-${i}-largo`, password: "otra-frase-bien-larga" }, ORIGIN))).code).toBe("parametro_invalido");
    }
    const refused = await errorOf(changePassword(db, a.userId, { current: PASSWORD, password: "otra-frase-bien-larga" }, ORIGIN));
    expect(refused).toMatchObject({ code: "rate_limited" });
    expect(refused.message).toMatch(/^Demasiados intentos\./);
  });
});

describe("password reset by e-mail", () => {
  it("mails a link that sets a new password once, ends every session and is then spent", async () => {
    const a = await newAccount({ password: PASSWORD });
    const db = await getDb();
    const signedInAtMs = Date.now();
    const token = await resetToken(a.email);
    expect(await checkResetLink(db, token)).toBe("ok");
    await new Promise((r) => setTimeout(r, 5));
    expect(await resetPassword(db, token, "frase-nueva-y-larga")).toEqual({ email: a.email });
    const user = await userRow(a.userId);
    expect(await verifyPassword(user.passwordHash, "frase-nueva-y-larga")).toBe(true);
    expect(await isSessionValid(db, { userId: a.userId, accountId: a.accountId, signedInAtMs })).toBe(false);

    expect(await checkResetLink(db, token)).toBe("invalid");
    expect(await errorOf(resetPassword(db, token, "otra-frase-mas-larga"))).toMatchObject({ code: "enlace_invalido" });
    expect(await verifyPassword((await userRow(a.userId)).passwordHash, "frase-nueva-y-larga")).toBe(true);
  });

  it("applies one link once when it is submitted twice at the same time", async () => {
    const a = await newAccount({ password: PASSWORD });
    const token = await resetToken(a.email);
    const db = await getDb();
    const results = await Promise.allSettled([resetPassword(db, token, "primera-frase-larga"), resetPassword(db, token, "segunda-frase-larga")]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "enlace_invalido" } });
  });

  it("voids an outstanding link when the password changes another way", async () => {
    const a = await newAccount({ password: PASSWORD });
    const token = await resetToken(a.email);
    await changePassword(await getDb(), a.userId, { current: PASSWORD, password: "otra-frase-bien-larga" }, ORIGIN);
    expect(await errorOf(resetPassword(await getDb(), token, "frase-nueva-y-larga"))).toMatchObject({ code: "enlace_invalido" });
  });

  it("refuses an expired link and a weak password, in Spanish", async () => {
    const a = await newAccount({ password: PASSWORD });
    const db = await getDb();
    const user = await userRow(a.userId);
    const expired = signLink("reset", a.userId, passwordBinding(user.passwordHash), Date.now() - 2 * 3600_000);
    expect(await checkResetLink(db, expired)).toBe("expired");
    expect(await errorOf(resetPassword(db, expired, "frase-nueva-y-larga"))).toMatchObject({ code: "enlace_vencido", message: "El enlace venció: dura una hora. Pedí uno nuevo." });
    const token = await resetToken(a.email);
    expect(await errorOf(resetPassword(db, token, "corta"))).toMatchObject({ message: "La contraseña debe tener al menos 10 caracteres.", extra: { field: "password" } });
    expect(await checkResetLink(db, token)).toBe("ok");
  });

  it("answers the same for an address without an account, and mails nothing", async () => {
    const nobody = `nadie-${randomUUID()}@example.test`;
    await expect(requestPasswordReset(await getDb(), nobody, { ip: freshIp(), origin: ORIGIN })).resolves.toBeUndefined();
    await new Promise((r) => setTimeout(r, 300));
    expect(mailbox.countFor(nobody)).toBe(0);
  });

  it(`limits reset requests per client address to ${POLICIES.passwordReset[0].limit} an hour`, async () => {
    const ip = freshIp();
    const db = await getDb();
    for (let i = 0; i < POLICIES.passwordReset[0].limit; i++) await requestPasswordReset(db, `nadie-${randomUUID()}@example.test`, { ip, origin: ORIGIN });
    expect(await errorOf(requestPasswordReset(db, `nadie-${randomUUID()}@example.test`, { ip, origin: ORIGIN }))).toMatchObject({ code: "rate_limited" });
  });

  it("confirms the address of an unverified account, which gets its allotment", async () => {
    const email = `alta-${randomUUID()}@example.test`;
    const db = await getDb();
    await signUp(db, { email, password: PASSWORD }, { ip: freshIp(), origin: ORIGIN });
    await mailbox.next(email);
    const token = await resetToken(email);
    await resetPassword(db, token, "frase-nueva-y-larga");
    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await ledgerAndBalance(user.accountId)).toEqual({ ledger: { cupo: 200, comprado: 0 }, balance: { cupo: 200, comprado: 0 } });
  });
});
