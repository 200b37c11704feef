import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** Envelope recipients. */
  to: string[];
  /** Raw header block. */
  headers: string;
  /** The text body, decoded from its transfer encoding. */
  text: string;
}

/** The decoded text of a single-part message (what lib/mail sends): base64, or as-is for 7bit/8bit. */
function decode(raw: string): Pick<ReceivedMail, "headers" | "text"> {
  const split = raw.indexOf("\r\n\r\n");
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  const text = encoding === "base64" ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8") : body;
  return { headers, text };
}

export interface Mailbox {
  /** The SMTP_URL of this server. */
  url: string;
  received: ReceivedMail[];
  /** The next message to `to` that was not taken before, waiting up to `timeoutMs` for it. */
  next(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** Messages received so far for `to`. */
  countFor(to: string): number;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 (no TLS, no auth) that keeps every message it receives. */
export async function startMailbox(port = 0): Promise<Mailbox> {
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        received.push({ to, ...decode(Buffer.concat(chunks).toString("utf8")) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  const forTo = (to: string) => received.filter((m) => m.to.includes(to.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    async next(to, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = forTo(to).find((m) => !taken.has(m));
        if (mail) {
          taken.add(mail);
          return mail;
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    countFor: (to) => forTo(to).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The links of a message, in order. */
export const linksIn = (mail: ReceivedMail): string[] => mail.text.match(/https?:\/\/\S+/g) ?? [];

/** The `token` of the first link of `mail` that opens `path`. */
export function tokenIn(mail: ReceivedMail, path: string): string {
  const link = linksIn(mail).map((l) => new URL(l)).find((u) => u.pathname === path);
  if (!link) throw new Error(`no link to ${path} in:\n${mail.text}`);
  return link.searchParams.get("token") ?? "";
}
