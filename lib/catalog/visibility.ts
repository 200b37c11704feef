import { and, eq, sql, type SQL } from "drizzle-orm";
import { datasets, plans, type PlanTier } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";

/** Who is looking at the catalog. Anonymous callers look as plan free. */
export interface Viewer {
  tier: PlanTier;
  isAdmin: boolean;
}

export const ANONYMOUS: Viewer = { tier: "free", isAdmin: false };

export const viewerOf = (caller: Caller | null): Viewer =>
  caller ? { tier: caller.account.planTier, isAdmin: caller.account.isAdmin } : ANONYMOUS;

const rankOf = (tier: SQL | PlanTier) => sql`(select ${plans.rank} from ${plans} where ${plans.tier} = ${tier})`;

/**
 * The datasets a viewer may see: an admin sees every dataset; anyone else sees published, public datasets whose
 * minimum plan ranks at or below theirs. The list and the detail apply the same rule, so a listed dataset always
 * opens and a hidden one is indistinguishable from a missing one.
 */
export function visibleTo(viewer: Viewer): SQL | undefined {
  if (viewer.isAdmin) return undefined;
  return and(
    eq(datasets.published, true),
    eq(datasets.visibility, "public"),
    sql`${rankOf(sql`${datasets.minTier}`)} <= ${rankOf(viewer.tier)}`,
  );
}
