import { createHash } from "node:crypto";
import { now } from "@/lib/clock";
import { ApiError } from "@/lib/http/errors";
import { applyPolicy, type PolicyName } from "@/lib/ratelimit";
import { tooManyAttemptsText } from "./throttle-text";

/** Seconds until a denied request may be retried, or null when this one is allowed (and was counted). */
export async function retryAfter(policy: PolicyName, scope: "account" | "ip", id: string): Promise<number | null> {
  const { denied } = await applyPolicy(policy, scope, id);
  if (!denied) return null;
  // At the instant a window ends the previous one still weighs in full: a retry is only sure strictly after it.
  return Math.max(1, Math.floor((denied.reset - now().getTime()) / 1000) + 1);
}

/** Counts one request of `policy`; past the limit, `429 rate_limited` with a sentence in Spanish and Retry-After. */
export async function throttle(policy: PolicyName, scope: "account" | "ip", id: string): Promise<void> {
  const seconds = await retryAfter(policy, scope, id);
  if (seconds === null) return;
  throw new ApiError(429, "rate_limited", {
    text: tooManyAttemptsText(seconds),
    extra: { retry_after: seconds },
    headers: { "Retry-After": String(seconds) },
  });
}

/** Rate-limit keys name an address by its digest: the limiter's store (Redis) never holds the address itself. */
export const emailKey = (email: string): string => createHash("sha256").update(email.trim().toLowerCase()).digest("base64url").slice(0, 22);
