import type { Db } from "@/db/client";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import type { VerifiedCaller } from "@/lib/auth/caller";
import { countRequest, upgradeUrl } from "@/lib/http/api-route";
import { clientIp } from "@/lib/http/client-ip";
import { DomainError } from "@/lib/errors";
import { log } from "@/lib/log";
import type { PolicyName } from "@/lib/ratelimit";
import { takeMcpCall } from "./quota";
import type { McpQuota } from "./schemas";
import { httpStatus } from "@/lib/http/errors";

/** One MCP request: the caller that passed the API's gates (lib/http/api-route.ts), and where it came from. */
export interface McpContext {
  req: Request;
  db: Db;
  caller: VerifiedCaller;
  requestId: string;
}

/** A call refused or failed, with the Spanish text the assistant shows; never an exception's own text. */
export class McpRefusal extends Error {
  override name = "McpRefusal";
}

/** Texts for the API's codes whose contract body carries none, or names an HTTP header the assistant never sees. */
const TEXTS: Record<string, string> = {
  cuit_requerido: "Falta el CUIT.",
  body_invalido: "Los datos de la consulta no son válidos.",
  idempotency_key_conflict: "Esta clave_idempotencia ya se usó para otro CUIT. Usá una clave nueva para cada operación.",
  idempotency_key_invalido: "La clave_idempotencia debe ser un UUID.",
};

const INTERNAL = "Ocurrió un error interno. Reintentá en unos segundos.";

/** The Spanish text of what a service threw: its own message for an DomainError, a generic one for anything else. */
export function refusalOf(err: unknown, ctx: McpContext): McpRefusal {
  if (err instanceof McpRefusal) return err;
  if (err instanceof DomainError && httpStatus(err.code) < 500) {
    if (err.code === "dataset_not_found") return new McpRefusal(`No hay un dataset visible para tu plan con el id ${String(err.extra.dataset_id)}.`);
    return new McpRefusal(TEXTS[err.code] ?? err.message);
  }
  if (err instanceof DomainError && err.code === "informe_no_persistido") return new McpRefusal(err.message);
  log().error({ err, requestId: ctx.requestId, accountId: ctx.caller.accountId }, "mcp call failed");
  return new McpRefusal(INTERNAL);
}

/** The plan's monthly MCP calls; admins are not limited, as the API's channel gate lets them through. */
const monthlyCalls = (caller: VerifiedCaller): number | null => (caller.account.isAdmin ? null : caller.plan.mcpCallsMonthly);

function quotaRefusal(ctx: McpContext, quota: McpQuota): McpRefusal {
  const url = upgradeUrl(ctx.req);
  if (quota.mensuales === 0) {
    return new McpRefusal(`Tu plan no incluye consultas MCP. Para usar Legajo desde tu asistente, pasate a un plan que las incluya: ${url}`);
  }
  return new McpRefusal(
    `Usaste las ${quota.mensuales} consultas MCP de tu plan de este mes (${quota.periodo}). Se renuevan el primer día del mes próximo; para tener más, cambiá de plan: ${url}`,
  );
}

/**
 * What every tool call and resource read pays before it runs: the same rate limits as the API operation it
 * mirrors (per client IP and per account, one budget shared with the API), then one call of the month's MCP
 * quota. A call refused by either costs no quota; a call that runs counts whatever its outcome.
 */
export async function spend(ctx: McpContext, policy: PolicyName): Promise<McpQuota> {
  try {
    const limits = { headers: null };
    await countRequest(policy, "ip", clientIp(ctx.req.headers, env().TRUST_PROXY), limits);
    await countRequest(policy, "account", ctx.caller.accountId, limits);
  } catch (err) {
    if (err instanceof DomainError && err.code === "rate_limited") {
      const seconds = err.retryAfter ?? 1;
      throw new McpRefusal(`Demasiadas consultas seguidas. Esperá ${seconds} s y reintentá.`);
    }
    throw err;
  }
  const take = await takeMcpCall(ctx.db, ctx.caller.accountId, { monthly: monthlyCalls(ctx.caller) }, now());
  if (!take.ok) throw quotaRefusal(ctx, take.quota);
  return take.quota;
}
