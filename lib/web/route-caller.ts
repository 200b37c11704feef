import type { Caller } from "@/lib/auth/caller";
import { webCaller } from "@/lib/auth/web";
import { DomainError } from "@/lib/errors";
import { renderError } from "@/lib/http/errors";

/**
 * The caller of a web route handler that reads account data (a report's JSON, a snapshot download), under the same
 * gates as the API and as the pages (lib/web/current-caller.ts): signed out, a 303 to the login page that comes back
 * to `loginNext`; suspended, the API's own `403 account_suspended`. The handler goes on only with a caller.
 */
export async function webRouteCaller(loginNext: string): Promise<Caller | Response> {
  const caller = await webCaller();
  if (!caller) {
    return new Response(null, { status: 303, headers: { Location: `/login?next=${encodeURIComponent(loginNext)}`, "Cache-Control": "no-store" } });
  }
  if (caller.account.suspended) return renderError(new DomainError("account_suspended"), { "Cache-Control": "private, no-store" });
  return caller;
}
