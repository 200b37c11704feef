import { eq } from "drizzle-orm";
import { headers } from "next/headers";
import { unstable_rethrow } from "next/navigation";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import type { Actor } from "@/lib/audit/record";
import type { Caller } from "@/lib/auth/caller";
import { isTrustedOrigin } from "@/lib/auth/origin";
import { webCaller } from "@/lib/auth/web";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { log } from "@/lib/log";
import type { ActionState } from "./action-state";
import { ownOrigin } from "./request-origin";

/**
 * Cross-site protection for server actions, on top of Next's own: the same rule as the API's session calls. Next
 * lets a request without an Origin header through; this check does not (it falls back to Referer, then refuses).
 */
export async function assertTrustedOrigin(): Promise<void> {
  const h = await headers();
  if (!isTrustedOrigin(h, ownOrigin(h), env().TRUSTED_ORIGINS)) throw new ApiError(403, "forbidden");
}

/** The caller of an unsafe session action: trusted origin, signed in, account not suspended. */
export async function sessionActionCaller(): Promise<Caller> {
  await assertTrustedOrigin();
  const caller = await webCaller();
  if (!caller) throw new ApiError(401, "unauthenticated", { text: "Tu sesión terminó. Ingresá de nuevo para continuar." });
  if (caller.account.suspended) throw new ApiError(403, "account_suspended");
  return caller;
}

/** An admin's unsafe action. A non-admin learns nothing: the same 404 as a page that does not exist. */
export async function adminActionCaller(): Promise<{ caller: Caller; actor: Actor }> {
  const caller = await sessionActionCaller();
  if (!caller.account.isAdmin) throw new ApiError(404, "not_found");
  return { caller, actor: await actorOf(caller) };
}

/** The audit log names a web actor by the signed-in user's email. */
export async function actorOf(caller: Caller): Promise<Actor> {
  const db = await getDb();
  const [user] = caller.userId ? await db.select({ email: users.email }).from(users).where(eq(users.id, caller.userId)) : [];
  return { email: user?.email ?? `account:${caller.accountId}` };
}

/**
 * Turns a thrown error into the form's state. Service errors already carry a sentence in Spanish; anything else
 * is logged and shown as a generic message, never as exception text. Next's own control flow (redirect,
 * notFound) passes through.
 */
export function failure(e: unknown): ActionState {
  unstable_rethrow(e);
  if (e instanceof ApiError) return { status: "error", message: e.message };
  log().error({ err: e }, "server action failed");
  return { status: "error", message: "Ocurrió un error inesperado. Probá de nuevo en unos segundos." };
}
