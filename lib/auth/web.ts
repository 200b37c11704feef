import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { loadAccountCaller, type Caller } from "./caller";
import { authOptions } from "./session";

/** The signed-in web caller, or null. For server components and server actions. */
export async function webCaller(): Promise<Caller | null> {
  const session = await getServerSession(authOptions());
  if (!session?.user?.accountId) return null;
  return loadAccountCaller(await getDb(), session.user.accountId, session.user.id);
}

/** The signed-in web caller; otherwise a redirect to the login page. */
export async function requireWebCaller(next = "/cuenta"): Promise<Caller> {
  const caller = await webCaller();
  if (!caller) redirect(`/login?next=${encodeURIComponent(next)}`);
  return caller;
}
