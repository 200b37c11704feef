import { notFound } from "next/navigation";
import { cache } from "react";
import type { Caller } from "@/lib/auth/caller";
import { requireWebCaller, webCaller } from "@/lib/auth/web";

/** The signed-in caller, read once per request however many components ask (header, page, sections). */
export const currentCaller = cache(webCaller);

/** For pages behind login: the caller, or a redirect to /login that comes back to `path`. */
export const requireCaller = cache((path: string): Promise<Caller> => requireWebCaller(path));

/**
 * For admin pages: an admin caller, or the same 404 page as a path that does not exist, so the admin area is
 * not even revealed to others. Signed-out visitors get the 404 too.
 */
export const requireAdmin = cache(async (): Promise<Caller> => {
  const caller = await currentCaller();
  if (!caller?.account.isAdmin) notFound();
  return caller;
});
