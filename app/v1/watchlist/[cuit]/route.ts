import { otherMethods } from "@/lib/http/api-guard";
import { apiRoute, json, type RouteContext } from "@/lib/http/api-route";
import { watchLimitOf } from "@/lib/monitoring/limits";
import { unwatchCuit } from "@/lib/monitoring/unwatch";

// DELETE /v1/watchlist/{cuit} – stop watching a CUIT
export const DELETE = apiRoute(
  { auth: "required", channel: true, limit: "monitoring" },
  async ({ params, db, caller }: RouteContext<{ cuit: string }, "required">) => {
    watchLimitOf(caller);
    return json(await unwatchCuit(db, caller.accountId, params.cuit));
  },
);

export const { POST, PUT, PATCH, OPTIONS } = otherMethods("/v1/watchlist/{cuit}");
