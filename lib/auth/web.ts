import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { loadAccountCaller, type Caller } from "./caller";
import { readSession } from "./session";

/**
 * The signed-in web caller, or null. For server components and server actions. The cookie is read the way the
 * API wrapper reads it (`readSession`), revocation included, so a page and the API never disagree on a session.
 */
export async function webCaller(): Promise<Caller | null> {
  const session = await readSession(await headers());
  if (!session) return null;
  return loadAccountCaller(await getDb(), session.accountId, session.userId);
}

/** The signed-in web caller; otherwise a redirect to the login page. */
export async function requireWebCaller(next = "/cuenta"): Promise<Caller> {
  const caller = await webCaller();
  if (!caller) redirect(`/login?next=${encodeURIComponent(next)}`);
  return caller;
}
