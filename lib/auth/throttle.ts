import { createHash } from "node:crypto";
import { DomainError } from "@/lib/errors";
import { applyPolicy, retryAfterSeconds, type PolicyName } from "@/lib/ratelimit";
import { tooManyAttemptsText } from "./throttle-text";

/** Seconds until a denied request may be retried, or null when this one is allowed (and was counted). */
export async function retryAfter(policy: PolicyName, scope: "account" | "ip", id: string): Promise<number | null> {
  const { denied } = await applyPolicy(policy, scope, id);
  return denied ? retryAfterSeconds(denied) : null;
}

/** Counts one request of `policy`; past the limit, `429 rate_limited` with a sentence in Spanish and Retry-After. */
export async function throttle(policy: PolicyName, scope: "account" | "ip", id: string): Promise<void> {
  const seconds = await retryAfter(policy, scope, id);
  if (seconds === null) return;
  throw new DomainError("rate_limited", {
    text: tooManyAttemptsText(seconds),
    extra: { retry_after: seconds },
    retryAfter: seconds,
  });
}

/** Rate-limit keys name an address by its digest: the limiter's store (Redis) never holds the address itself. */
export const emailKey = (email: string): string => createHash("sha256").update(email.trim().toLowerCase()).digest("base64url").slice(0, 22);
