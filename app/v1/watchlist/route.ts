import { otherMethods } from "@/lib/http/api-guard";
import { apiRoute, json, readJsonBody } from "@/lib/http/api-route";
import { watchLimitOf } from "@/lib/monitoring/limits";
import { parseWatchBody, parseWatchListQuery } from "@/lib/monitoring/request";
import { watchCuit } from "@/lib/monitoring/watch";
import { listWatches } from "@/lib/monitoring/watchlist";

// POST /v1/watchlist – watch a CUIT (or a DNI's CUIL); free, up to the plan's limit
export const POST = apiRoute({ auth: "required", channel: true, limit: "monitoring" }, async ({ req, db, caller }) => {
  const limit = watchLimitOf(req, caller);
  const { cuit, etiqueta } = parseWatchBody(await readJsonBody(req));
  const { creado, ...watch } = await watchCuit(db, caller.accountId, limit, { entrada: cuit, etiqueta });
  return json({ ...watch, creado }, { status: creado ? 201 : 200 });
});

// GET /v1/watchlist – the watched CUITs, newest first, each with its last change
export const GET = apiRoute({ auth: "required", channel: true, limit: "monitoring" }, async ({ req, url, db, caller }) =>
  json(await listWatches(db, caller.accountId, watchLimitOf(req, caller), parseWatchListQuery(url.searchParams))),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("/v1/watchlist");
