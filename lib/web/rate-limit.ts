import { headers } from "next/headers";
import { env } from "@/lib/env";
import { clientIp } from "@/lib/http/client-ip";
import { DomainError } from "@/lib/errors";
import { applyPolicy, retryAfterSeconds, type PolicyName } from "@/lib/ratelimit";

/**
 * The API's rate limits applied to a web page or action. The per-account budget is the same one the API counts
 * (issue 2: one budget for the account, whether it calls with a key or a session), so the web cannot be used to go
 * around it. The client IP is read the way the API reads it (the peer header the server stamps, or the proxy's).
 */
export async function enforceWebLimit(policy: PolicyName, accountId: string): Promise<void> {
  const h = await headers();
  const ip = clientIp(h, env().TRUST_PROXY);
  for (const [scope, id] of [["ip", ip], ["account", accountId]] as const) {
    const { denied } = await applyPolicy(policy, scope, id);
    if (!denied) continue;
    const retryAfter = retryAfterSeconds(denied);
    throw new DomainError("rate_limited", {
      text: `Hiciste demasiados pedidos en poco tiempo. Esperá ${retryAfter} ${retryAfter === 1 ? "segundo" : "segundos"} y probá de nuevo.`,
      extra: { retry_after: retryAfter },
      retryAfter: retryAfter,
    });
  }
}
