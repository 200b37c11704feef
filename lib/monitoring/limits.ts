import type { Caller } from "@/lib/auth/caller";
import { requireTier } from "@/lib/auth/tiers";

/** CUITs each plan may watch; a plan missing here has no monitoring (`403 tier_required`). */
export const WATCH_LIMITS: Readonly<Record<string, number>> = { pro: 100, ultimate: 1_000, team: 10_000, enterprise: 100_000 };

/** The lowest plan that watches: what `tier_required` names. */
const TIERS = Object.keys(WATCH_LIMITS);

/** The caller's watch limit; `403 tier_required` (as the snapshot endpoint answers) when the plan has none. Admins watch as enterprise. */
export function watchLimitOf(caller: Caller): number {
  requireTier(caller, TIERS);
  return WATCH_LIMITS[caller.account.planTier] ?? WATCH_LIMITS.enterprise;
}

/** The limit without a request, for the web page: 0 when the plan does not watch. */
export const watchLimitOfTier = (tier: string, isAdmin = false): number => WATCH_LIMITS[tier] ?? (isAdmin ? WATCH_LIMITS.enterprise : 0);
