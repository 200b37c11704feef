import { DomainError } from "@/lib/errors";

type Gated = { planTier: string; isAdmin: boolean };

/** Spec 5.5: plans whose accounts may download snapshots; admins may on any plan. */
export const SNAPSHOT_TIERS = ["ultimate", "team", "enterprise"] as const;

/** The one tier gate: the account's plan is one of `tiers`, or the account is an admin's. */
export const tierAllows = (account: Gated, tiers: readonly string[]): boolean => account.isAdmin || tiers.includes(account.planTier);

/**
 * Throws `403 tier_required` naming the lowest plan of `tiers` unless the gate passes. The API wrapper adds the
 * `upgrade_url` of the answering host.
 */
export function requireTier(caller: { account: Gated }, tiers: readonly string[]): void {
  if (tierAllows(caller.account, tiers)) return;
  throw new DomainError("tier_required", { extra: { required_tier: tiers[0], current_tier: caller.account.planTier } });
}
