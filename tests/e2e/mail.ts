import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Where the e2e server (server.ts) copies the app's stdout. The app runs on its embedded defaults, without
 * SMTP_URL, so every e-mail it sends is a JSON log line there; the tests read the links from it the way a
 * developer reads them from the terminal.
 */
export const serverLogPath = (port = process.env.E2E_PORT ?? "3210"): string => path.join(os.tmpdir(), `legajo-e2e-${port}-server.log`);

interface LoggedMail {
  to: string;
  subject: string;
  text: string;
}

function mailsTo(to: string): LoggedMail[] {
  let log = "";
  try {
    log = fs.readFileSync(serverLogPath(), "utf8");
  } catch {
    return [];
  }
  const out: LoggedMail[] = [];
  for (const line of log.split("\n")) {
    if (!line.includes('"mail"')) continue;
    try {
      const mail = (JSON.parse(line) as { mail?: LoggedMail }).mail;
      if (mail?.to === to.toLowerCase()) out.push(mail);
    } catch {
      // Not one of the app's JSON lines (Next's own output).
    }
  }
  return out;
}

/** How many mails `to` has received so far. */
export const mailCount = (to: string): number => mailsTo(to).length;

/** The newest mail to `to` once there are more than `after` of them, waiting up to `timeoutMs`. */
export async function waitForMail(to: string, options: { after?: number; timeoutMs?: number } = {}): Promise<LoggedMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const mails = mailsTo(to);
    if (mails.length > (options.after ?? 0)) return mails[mails.length - 1];
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in ${serverLogPath()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The path and query of the first link in `mail` that opens `linkPath` (the origin is the test server's). */
export function linkIn(mail: LoggedMail, linkPath: string): string {
  const url = (mail.text.match(/https?:\/\/\S+/g) ?? []).map((l) => new URL(l)).find((u) => u.pathname === linkPath);
  if (!url) throw new Error(`no link to ${linkPath} in mail "${mail.subject}"`);
  return `${url.pathname}${url.search}`;
}
