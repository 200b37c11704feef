/**
 * Seconds to wait after each failed attempt: exponential, about 26 hours in all over eleven attempts. Past the
 * last, the delivery is `fallido`.
 */
export const RETRY_DELAYS_S = [30, 120, 300, 900, 1_800, 3_600, 7_200, 14_400, 28_800, 36_000] as const;

/** An endpoint that has failed every delivery for this long is disabled. */
export const DISABLE_AFTER_MS = 24 * 3_600_000;

/** When to try again after `attempts` failed attempts, or null when there is no attempt left. */
export function nextAttempt(attempts: number, at: Date): Date | null {
  const delay = RETRY_DELAYS_S[attempts - 1];
  return delay === undefined ? null : new Date(at.getTime() + delay * 1000);
}
