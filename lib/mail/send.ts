import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

/** One message of the app: plain text, which every client shows and every link survives. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

const holder = globalThis as unknown as { __legajoMailer?: { url: string; transport: Transporter } };

/** MAIL_FROM, or a no-reply address on the app's own host. */
export function mailFrom(): string {
  const e = env();
  if (e.MAIL_FROM) return e.MAIL_FROM;
  const host = e.APP_URL ? new URL(e.APP_URL).hostname : "localhost";
  return `Legajo <no-reply@${host}>`;
}

function transport(url: string): Transporter {
  if (holder.__legajoMailer?.url !== url) {
    holder.__legajoMailer?.transport.close();
    // A slow or silent SMTP server must not hold a request (or a background send) for minutes.
    const transport = nodemailer.createTransport(url, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
    holder.__legajoMailer = { url, transport };
  }
  return holder.__legajoMailer.transport;
}

/**
 * Sends `mail` through SMTP_URL. Without it (the embedded default) the message is printed to the server log
 * instead, at warn level so it shows at every usual LOG_LEVEL: on a developer's machine that is where the link is.
 */
export async function sendMail(mail: Mail): Promise<void> {
  const url = env().SMTP_URL;
  if (!url) {
    log().warn({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, "SMTP_URL is not set: mail not sent, printed here");
    return;
  }
  // base64 keeps long lines (links) whole, where quoted-printable would fold them.
  await transport(url).sendMail({ from: mailFrom(), to: mail.to, subject: mail.subject, text: mail.text, textEncoding: "base64" });
}

/**
 * Sends in the background: the answer to the person must not wait for, or depend on, the SMTP server, and must
 * take as long whether or not a mail goes out (an address that has an account must not answer more slowly). A
 * failure is logged with the recipient, never with the message, which holds a link.
 */
export function dispatchMail(mail: Mail): void {
  sendMail(mail).catch((err: unknown) => {
    log().error({ to: mail.to, subject: mail.subject, reason: err instanceof Error ? err.message : String(err) }, "mail not sent");
  });
}
