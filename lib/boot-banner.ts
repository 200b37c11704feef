import { inArray } from "drizzle-orm";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "@/lib/demo/accounts";
import { env } from "@/lib/env";

/** The address to open: APP_URL when set, else this server on localhost at its port (`next start` sets PORT). */
export function bannerUrl(e: { APP_URL?: string } = env(), port = process.env.PORT): string {
  return e.APP_URL ?? `http://localhost:${port || "3000"}`;
}

/** The banner's text: where to open the app and, when the demo accounts exist, how to sign in with them. */
export function bannerText(url: string, demo: { admin: boolean; customer: boolean }): string {
  const lines = ["", `  Legajo está listo: ${url}`];
  if (demo.admin || demo.customer) {
    lines.push("", "  Cuentas de demostración:");
    if (demo.admin) lines.push(`    admin    ${DEMO_ADMIN.email}  /  ${DEMO_ADMIN.password}`);
    if (demo.customer) lines.push(`    cliente  ${DEMO_CUSTOMER.email}  /  ${DEMO_CUSTOMER.password}`);
  }
  lines.push("");
  return `${lines.join("\n")}\n`;
}

/**
 * A plain banner for a person at a terminal, once the database is ready: the URL and, when the demo is seeded,
 * its logins. Only on a TTY: piped or collected output (a log shipper, a container) keeps only the JSON log lines,
 * which say the same (lib/demo/seed.ts). A database that never comes up prints nothing; boot reports that.
 */
export function printBootBanner(out: NodeJS.WriteStream = process.stdout): void {
  if (!out.isTTY) return;
  void (async () => {
    const db = await getDb();
    const found = await db.select({ email: users.email }).from(users).where(inArray(users.email, [DEMO_ADMIN.email, DEMO_CUSTOMER.email]));
    const emails = new Set(found.map((u) => u.email));
    out.write(bannerText(bannerUrl(), { admin: emails.has(DEMO_ADMIN.email), customer: emails.has(DEMO_CUSTOMER.email) }));
  })().catch(() => undefined);
}
