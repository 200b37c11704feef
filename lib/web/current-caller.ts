import { forbidden, notFound } from "next/navigation";
import { cache } from "react";
import type { Caller } from "@/lib/auth/caller";
import { requireWebCaller, webCaller } from "@/lib/auth/web";

/** The signed-in caller, read once per request however many components ask (header, page, sections). */
export const currentCaller = cache(webCaller);

/**
 * The API's account gate on the web: a suspended account reads none of its data (the API answers it
 * 403 account_suspended on every authenticated route), so its pages answer 403 with app/forbidden.tsx, which says
 * the account is suspended. Every page behind login goes through here, via `requireCaller` or `requireAdmin`.
 */
function refuseSuspended(caller: Caller): Caller {
  if (caller.account.suspended) forbidden();
  return caller;
}

/** For pages behind login: the caller, a redirect to /login that comes back to `path`, or the suspension page. */
export const requireCaller = cache(async (path: string): Promise<Caller> => refuseSuspended(await requireWebCaller(path)));

/**
 * For admin pages: an admin caller, or the same 404 page as a path that does not exist, so the admin area is
 * not even revealed to others. Signed-out visitors get the 404 too; a suspended admin, the suspension page.
 */
export const requireAdmin = cache(async (): Promise<Caller> => {
  const caller = await currentCaller();
  if (!caller?.account.isAdmin) notFound();
  return refuseSuspended(caller);
});
