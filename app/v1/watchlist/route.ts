import { otherMethods } from "@/lib/http/api-guard";
import { apiRoute, json } from "@/lib/http/api-route";
import { watchLimitOf } from "@/lib/monitoring/limits";
import { watchCuit } from "@/lib/monitoring/watch";
import { listWatches } from "@/lib/monitoring/watchlist";
import { watchListQuerySchema, watchPostBodySchema } from "@/lib/schemas/monitoring";

// POST /v1/watchlist – watch a CUIT (or a DNI's CUIL); free, up to the plan's limit
export const POST = apiRoute({ auth: "required", channel: true, limit: "monitoring", request: { body: watchPostBodySchema } }, async ({ db, caller, input }) => {
  const limit = watchLimitOf(caller);
  const { cuit, etiqueta } = input.body;
  const { creado, ...watch } = await watchCuit(db, caller.accountId, limit, { entrada: cuit, etiqueta });
  return json({ ...watch, creado }, { status: creado ? 201 : 200 });
});

// GET /v1/watchlist – the watched CUITs, newest first, each with its last change
export const GET = apiRoute(
  { auth: "required", channel: true, limit: "monitoring", request: { query: watchListQuerySchema } },
  async ({ db, caller, input }) => json(await listWatches(db, caller.accountId, watchLimitOf(caller), input.query)),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("/v1/watchlist");
