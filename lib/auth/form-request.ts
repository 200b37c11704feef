import { headers } from "next/headers";
import { env } from "@/lib/env";
import { clientIp } from "@/lib/http/client-ip";
import { ownOrigin } from "@/lib/web/request-origin";

/**
 * What the account forms' server actions need of their request: the client address the rate limits count, read
 * the way the API reads it, and the origin the links of their e-mails point to (APP_URL when set).
 */
export async function formRequest(): Promise<{ ip: string; origin: string }> {
  const h = await headers();
  return { ip: clientIp(h, env().TRUST_PROXY), origin: ownOrigin(h) };
}

/** The first message per field of a zod error, for forms that show each under its field. */
export function fieldMessages<F extends string>(issues: readonly { path: readonly PropertyKey[]; message: string }[], fields: readonly F[]) {
  const out: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === "string" && (fields as readonly string[]).includes(field) && !out[field as F]) out[field as F] = issue.message;
  }
  return out;
}
