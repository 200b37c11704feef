import { now } from "@/lib/clock";
import { log } from "@/lib/log";
import { passwordBinding, signLink } from "@/lib/auth/email-link";
import { emailKey, retryAfter } from "@/lib/auth/throttle";
import { dispatchMail, type Mail } from "@/lib/mail/send";
import { verificationMail } from "@/lib/mail/messages";

/** The pages the links of the app's e-mails open. */
export const VERIFY_PATH = "/verificar-email";
export const RESET_REQUEST_PATH = "/recuperar-contrasena";
export const RESET_PATH = "/recuperar-contrasena/nueva";

const withToken = (origin: string, path: string, token: string) => `${origin}${path}?token=${encodeURIComponent(token)}`;

export const verificationLink = (origin: string, user: { id: string; email: string }): string =>
  withToken(origin, VERIFY_PATH, signLink("verify", user.id, user.email, now().getTime()));

export const resetLink = (origin: string, user: { id: string; passwordHash: string }): string =>
  withToken(origin, RESET_PATH, signLink("reset", user.id, passwordBinding(user.passwordHash), now().getTime()));

/** The account e-mails; each kind has its own budget per address, so a flood of one cannot hold back another. */
export type AccountMailKind = "verify" | "notice" | "reset" | "changed";

/**
 * Sends one of the account e-mails in the background, at most a few an hour of each kind to one address (policy
 * `authMail`), so that sign-up, reset and resend forms cannot be used to flood someone's mailbox, and notices
 * provoked by strangers cannot use up the budget of the owner's own verification or reset. Past the limit the mail
 * is dropped with a warning and the form answers as usual: its answer must not tell whether a mail went out.
 */
export async function sendAccountMail(kind: AccountMailKind, mail: Mail): Promise<void> {
  if ((await retryAfter("authMail", "account", `${kind}:${emailKey(mail.to)}`)) !== null) {
    log().warn({ kind, subject: mail.subject }, "account mail dropped: too many of this kind to one address this hour");
    return;
  }
  dispatchMail(mail);
}

export const sendVerificationMail = (origin: string, user: { id: string; email: string }): Promise<void> =>
  sendAccountMail("verify", verificationMail(user.email, verificationLink(origin, user)));
