import type { DbOrTx } from "@/db/client";
import { auditLog } from "@/db/schema";
import { now } from "@/lib/clock";

/**
 * Who acted, as every state-changing service takes it: the operator CLI, a signed-in user or admin of an account,
 * or an API key. The web, the API and the CLI hand the same kind of actor to the same service function, which writes
 * the audit entry in its own transaction.
 */
export type Actor =
  | { kind: "operator" }
  | { kind: "user" | "admin"; accountId: string | null; userId: string | null; email: string }
  | { kind: "key"; accountId: string; keyId: string };

/** The operator CLI (and the demo seed, which runs as the operator). */
export const OPERATOR: Actor = { kind: "operator" };

/** A person acting on their own account (or, signing up, on the account being made). */
export const userActor = (user: { id: string | null; email: string; accountId: string | null }): Actor => ({
  kind: "user",
  accountId: user.accountId,
  userId: user.id,
  email: user.email,
});

/** The name the audit log shows: `cli`, the user's email, or `key:<id>`. */
export function actorName(actor: Actor): string {
  switch (actor.kind) {
    case "operator":
      return "cli";
    case "key":
      return `key:${actor.keyId}`;
    default:
      return actor.email;
  }
}

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
