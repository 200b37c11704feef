import type { DbOrTx } from "@/db/client";
import { auditLog } from "@/db/schema";
import { now } from "@/lib/clock";

/** Who acted: the operator CLI, or a signed-in user (by email). */
export type Actor = "cli" | { email: string };

export const actorName = (actor: Actor): string => (actor === "cli" ? "cli" : actor.email);

/** Appends one entry to the audit log, in the caller's transaction when it has one. */
export async function recordAudit(
  db: DbOrTx,
  actor: Actor,
  action: string,
  accountId: string | null,
  details: Record<string, unknown> = {},
): Promise<void> {
  await db.insert(auditLog).values({ actor: actorName(actor), action, accountId, details, createdAt: now() });
}
