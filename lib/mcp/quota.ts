import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { mcpUsage } from "@/db/schema";
import { localMonth } from "@/lib/clock";
import type { McpQuota } from "./schemas";

/** What an account may spend: the plan's `mcp_calls_monthly` (0: no access, null: unlimited). */
export interface QuotaRule {
  monthly: number | null;
}

/** Whether the call may run, and the month's count once it is decided. */
export interface Take {
  ok: boolean;
  quota: McpQuota;
}

const shape = (period: string, monthly: number | null, used: number): McpQuota => ({
  periodo: period,
  mensuales: monthly,
  usadas: used,
  disponibles: monthly === null ? null : Math.max(0, monthly - used),
});

/** Calls counted so far in the month of `at`. */
export async function mcpCallsUsed(db: DbOrTx, accountId: string, at: Date): Promise<number> {
  const [row] = await db
    .select({ calls: mcpUsage.calls })
    .from(mcpUsage)
    .where(and(eq(mcpUsage.accountId, accountId), eq(mcpUsage.period, localMonth(at))));
  return row?.calls ?? 0;
}

/**
 * Counts one MCP call for the account in the Buenos Aires month of `at`, if the quota has room. One statement: the
 * upsert locks the month's row and re-checks `calls < quota` on its latest version, so however many calls race,
 * the count stops exactly at the quota and every call past it is refused. A quota of 0 never writes anything.
 */
export async function takeMcpCall(db: DbOrTx, accountId: string, rule: QuotaRule, at: Date): Promise<Take> {
  const period = localMonth(at);
  const { monthly } = rule;
  if (monthly !== null && monthly <= 0) return { ok: false, quota: shape(period, monthly, await mcpCallsUsed(db, accountId, at)) };
  const [row] = await db
    .insert(mcpUsage)
    .values({ accountId, period, calls: 1, updatedAt: at })
    .onConflictDoUpdate({
      target: [mcpUsage.accountId, mcpUsage.period],
      set: { calls: sql`${mcpUsage.calls} + 1`, updatedAt: at },
      setWhere: monthly === null ? undefined : sql`${mcpUsage.calls} < ${monthly}`,
    })
    .returning({ calls: mcpUsage.calls });
  if (row) return { ok: true, quota: shape(period, monthly, row.calls) };
  return { ok: false, quota: shape(period, monthly, await mcpCallsUsed(db, accountId, at)) };
}
