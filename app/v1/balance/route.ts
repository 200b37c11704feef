import { getBalance } from "@/lib/billing/balance";
import { apiRoute, json } from "@/lib/http/api-route";
import { otherMethods } from "@/lib/http/api-guard";

// GET /v1/balance – both pockets of the account (pure read)
export const GET = apiRoute({ auth: "required", channel: true, limit: "balance" }, async ({ db, caller }) =>
  json(await getBalance(db, caller.accountId, caller.plan.informeCuitCupoMensualUnidades)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("/v1/balance");
