import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { accounts, auditLog, balances, users } from "@/db/schema";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "@/lib/demo/accounts";
import { signUp } from "@/lib/accounts/sign-up";
import { resendVerification, verifyEmail } from "@/lib/accounts/verify-email";
import { signLink } from "@/lib/auth/email-link";
import { tooManyAttemptsText } from "@/lib/auth/throttle-text";
import { loadAccountCaller } from "@/lib/auth/caller";
import { setClock } from "@/lib/clock";
import type { VerifiedCaller } from "@/lib/auth/caller";
import { DomainError } from "@/lib/errors";
import { POLICIES } from "@/lib/ratelimit";
import { generateReport } from "@/lib/reports/generate";
import { runCli } from "../helpers/cli";
import { demoCuits } from "../helpers/demo";
import { ledgerAndBalance, ledgerOf } from "../helpers/ledger";
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
let mailbox: Mailbox;
let ipSeq = 0;
/** A client address of the test's own, so per-IP sign-up limits measure one test's traffic. */
const freshIp = () => `10.77.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const email = () => `alta-${randomUUID()}@example.test`;

beforeAll(async () => {
  mailbox = await startMailbox(SMTP_PORT);
});
afterAll(async () => {
  await mailbox.close();
});

async function userByEmail(address: string) {
  const [row] = await (await getDb()).select().from(users).where(eq(users.email, address));
  return row;
}

async function errorOf(p: Promise<unknown>): Promise<DomainError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(DomainError);
  return e as DomainError;
}

async function sessionCaller(address: string): Promise<VerifiedCaller> {
  const user = await userByEmail(address);
  return (await loadAccountCaller(await getDb(), user.accountId, user.id)) as VerifiedCaller;
}

describe("sign-up with e-mail verification", () => {
  it("creates an unverified Free account with no allotment and mails a signed verification link", async () => {
    const address = email();
    const answer = await signUp(await getDb(), { email: address, password: PASSWORD, name: "ACME" }, { ip: freshIp(), origin: ORIGIN });
    expect(answer).toEqual({ email: address });
    const user = await userByEmail(address);
    expect(user.emailVerifiedAt).toBeNull();
    const [account] = await (await getDb()).select().from(accounts).where(eq(accounts.id, user.accountId));
    expect(account).toMatchObject({ planTier: "free", name: "ACME" });
    // Nothing granted, so nothing to spend; the ledger still sums to the balance.
    expect(await ledgerAndBalance(user.accountId)).toEqual({ ledger: { cupo: 0, comprado: 0 }, balance: { cupo: 0, comprado: 0 } });
    const mail = await mailbox.next(address);
    expect(mail.headers).toMatch(/^from: Legajo <no-reply@localhost>/im);
    expect(tokenIn(mail, "/verificar-email")).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it("keeps the allotment out of reach until the link is opened, then grants it through the ledger", async () => {
    const address = email();
    await signUp(await getDb(), { email: address, password: PASSWORD }, { ip: freshIp(), origin: ORIGIN });
    const token = tokenIn(await mailbox.next(address), "/verificar-email");
    const [cuit] = (await demoCuits()).ok;
    const db = await getDb();

    const refused = await errorOf(generateReport(db, await sessionCaller(address), { cuit, idempotencyKey: null }));
    expect(refused).toMatchObject({ code: "saldo_insuficiente" });

    expect(await verifyEmail(db, token)).toEqual({ email: address, alreadyVerified: false, granted: 200 });
    const user = await userByEmail(address);
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await ledgerAndBalance(user.accountId)).toEqual({ ledger: { cupo: 200, comprado: 0 }, balance: { cupo: 200, comprado: 0 } });
    expect((await ledgerOf(user.accountId)).map((e) => e.kind)).toEqual(["allotment_grant"]);

    const { body } = await generateReport(db, await sessionCaller(address), { cuit, idempotencyKey: null });
    expect(body).toMatchObject({ tipo_accion: "nuevo", costo_unidades: 200 });
    expect(await ledgerAndBalance(user.accountId)).toEqual({ ledger: { cupo: 0, comprado: 0 }, balance: { cupo: 0, comprado: 0 } });

    // A second open of the link changes nothing and grants nothing.
    expect(await verifyEmail(db, token)).toEqual({ email: address, alreadyVerified: true, granted: 0 });
    expect((await ledgerOf(user.accountId)).filter((e) => e.kind === "allotment_grant")).toHaveLength(1);
    const audit = await db.select().from(auditLog).where(eq(auditLog.accountId, user.accountId));
    expect(audit.map((a) => a.action).sort()).toEqual(["account.create", "user.verify_email"]);
  });

  it("grants nothing to an unverified account when a new month begins", async () => {
    const address = email();
    await signUp(await getDb(), { email: address, password: PASSWORD }, { ip: freshIp(), origin: ORIGIN });
    await mailbox.next(address);
    const user = await userByEmail(address);
    const db = await getDb();
    const [cuit] = (await demoCuits()).ok;
    const nextMonth = new Date(Date.now() + 40 * 86_400_000);
    setClock(() => nextMonth);
    try {
      const refused = await errorOf(generateReport(db, await sessionCaller(address), { cuit, idempotencyKey: null }));
      expect(refused).toMatchObject({ code: "saldo_insuficiente" });
      expect(await ledgerAndBalance(user.accountId)).toEqual({ ledger: { cupo: 0, comprado: 0 }, balance: { cupo: 0, comprado: 0 } });
      // The first link has expired by now (7 days); the owner asks for another one.
      await resendVerification(db, user.id, ORIGIN);
      const token = tokenIn(await mailbox.next(address), "/verificar-email");
      expect((await verifyEmail(db, token)).granted).toBe(200);
      const [row] = await db.select().from(balances).where(eq(balances.accountId, user.accountId));
      expect(row.cupoAvailable).toBe(200);
    } finally {
      setClock(null);
    }
  });

  it("answers the same for an address that already has an account, creates nothing and mails it a notice", async () => {
    const address = email();
    const db = await getDb();
    await signUp(db, { email: address, password: PASSWORD }, { ip: freshIp(), origin: ORIGIN });
    await mailbox.next(address);
    const first = await userByEmail(address);
    const again = await signUp(db, { email: address.toUpperCase(), password: "otra-clave-distinta" }, { ip: freshIp(), origin: ORIGIN });
    expect(again).toEqual({ email: address });
    const notice = await mailbox.next(address);
    expect(notice.text).toContain("ya tenés una");
    expect(notice.text).toContain(`${ORIGIN}/recuperar-contrasena`);
    expect(notice.text).not.toMatch(/verificar-email/);
    const rows = await db.select().from(users).where(eq(users.email, address));
    expect(rows).toEqual([first]);
  });

  it("answers ten concurrent sign-ups of one address cleanly: one account, one verification, the notices capped", async () => {
    const address = email();
    const db = await getDb();
    const answers = await Promise.allSettled(
      Array.from({ length: 10 }, () => signUp(db, { email: address, password: PASSWORD }, { ip: freshIp(), origin: ORIGIN })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill("fulfilled"));
    expect(await db.select().from(users).where(eq(users.email, address))).toHaveLength(1);
    const user = await userByEmail(address);
    expect((await db.select().from(accounts).where(eq(accounts.name, address))).map((a) => a.id)).toEqual([user.accountId]);
    // One verification; the notices are capped per address and hour (policy authMail), on a budget of their own.
    const notices = POLICIES.authMail[0].limit;
    const mails = await Promise.all(Array.from({ length: 1 + notices }, () => mailbox.next(address)));
    expect(mails.filter((m) => m.text.includes("/verificar-email"))).toHaveLength(1);
    expect(mails.filter((m) => m.text.includes("ya tenés una"))).toHaveLength(notices);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailbox.countFor(address)).toBe(1 + notices);
  });

  it(`limits sign-ups per client address to ${POLICIES.signup[0].limit} an hour, with a Spanish 429`, async () => {
    const ip = freshIp();
    const db = await getDb();
    for (let i = 0; i < POLICIES.signup[0].limit; i++) {
      await signUp(db, { email: email(), password: "corta" }, { ip, origin: ORIGIN }).catch((e: unknown) => expect(e).toMatchObject({ code: "parametro_invalido" }));
    }
    const refused = await errorOf(signUp(db, { email: email(), password: PASSWORD }, { ip, origin: ORIGIN }));
    expect(refused).toMatchObject({ code: "rate_limited" });
    // Seconds in the last minute of the limiter's hour, when its window is about to turn; minutes otherwise.
    expect(refused.message).toMatch(/^Demasiados intentos\. Esperá \d+ (segundos?|minutos?) y probá de nuevo\.$/);
    const seconds = refused.retryAfter ?? 0;
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(3600);
    expect(refused.message).toBe(tooManyAttemptsText(seconds));
    // Another address is not affected.
    await expect(signUp(db, { email: email(), password: PASSWORD }, { ip: freshIp(), origin: ORIGIN })).resolves.toBeDefined();
  });

  it("refuses a weak password with the policy's Spanish message and creates nothing", async () => {
    const address = email();
    const refused = await errorOf(signUp(await getDb(), { email: address, password: "qwerty12345" }, { ip: freshIp(), origin: ORIGIN }));
    expect(refused).toMatchObject({ code: "parametro_invalido", message: "Esa contraseña es de las más usadas y se adivina enseguida. Elegí otra." });
    expect(await userByEmail(address)).toBeUndefined();
  });

  it("refuses a forged, tampered, foreign-purpose or expired verification link", async () => {
    const address = email();
    const db = await getDb();
    await signUp(db, { email: address, password: PASSWORD }, { ip: freshIp(), origin: ORIGIN });
    const token = tokenIn(await mailbox.next(address), "/verificar-email");
    const user = await userByEmail(address);
    const [body, signature] = token.split(".");
    const tampered = `${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, "base64url").toString()), u: "usr_other" })).toString("base64url")}.${signature}`;
    for (const bad of [tampered, `${body}.AAAA`, "nada", signLink("reset", user.id, address, Date.now())]) {
      expect(await errorOf(verifyEmail(db, bad))).toMatchObject({ code: "enlace_invalido" });
    }
    const old = signLink("verify", user.id, address, Date.now() - 8 * 86_400_000);
    expect(await errorOf(verifyEmail(db, old))).toMatchObject({ code: "enlace_vencido" });
    expect((await userByEmail(address)).emailVerifiedAt).toBeNull();
  });

  it("mails a fresh link on request while unverified, and nothing once verified", async () => {
    const address = email();
    const db = await getDb();
    await signUp(db, { email: address, password: PASSWORD }, { ip: freshIp(), origin: ORIGIN });
    await mailbox.next(address);
    const user = await userByEmail(address);
    expect(await resendVerification(db, user.id, ORIGIN)).toBe(true);
    const token = tokenIn(await mailbox.next(address), "/verificar-email");
    await verifyEmail(db, token);
    expect(await resendVerification(db, user.id, ORIGIN)).toBe(false);
  });

  it("counts accounts made by the operator CLI, and the demo accounts, as verified with their allotment", async () => {
    const address = email();
    const r = await runCli(["account:create", "--email", address, "--plan", "free", "--password", PASSWORD]);
    expect(r.code, r.stderr).toBe(0);
    const user = await userByEmail(address);
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    expect((await ledgerAndBalance(user.accountId)).balance.cupo).toBe(200);
    for (const demo of [DEMO_ADMIN, DEMO_CUSTOMER]) expect((await userByEmail(demo.email)).emailVerifiedAt).toBeInstanceOf(Date);
  });

  it("refuses a weak password on the operator CLI too, in Spanish", async () => {
    const r = await runCli(["account:create", "--email", email(), "--plan", "free", "--password", "1234567890"]);
    expect(r.code).not.toBe(0);
    expect(r.json).toEqual({ error: "parametro_invalido", message: "Esa contraseña es de las más usadas y se adivina enseguida. Elegí otra." });
  });
});
