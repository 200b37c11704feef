import type { PlanViewer } from "@/components/pricing/plan-action";
import type { Caller } from "@/lib/auth/caller";
import { pendingPlanRequests } from "@/lib/billing/plan-requests";
import { pageDb } from "./page-db";

/** The caller as the plans pages see it: its plan and the paid plans it already asked sales for. */
export async function planViewer(caller: Caller | null): Promise<PlanViewer> {
  if (!caller) return {};
  const pending = await pendingPlanRequests(await pageDb(), caller.accountId);
  return { current: caller.account.planTier, pending: new Map(pending.map((r) => [r.requestedTier, r.createdAt])) };
}
