import { connection } from "next/server";
import { getDb, type Db } from "@/db/client";

/**
 * The database for a page render. `connection()` first tells Next that the page is rendered per request: without
 * it, `next build` would try to prerender the page and boot the database while doing so.
 */
export async function pageDb(): Promise<Db> {
  await connection();
  return getDb();
}
