import { createBatch, quoteEntries } from "@/lib/batches/create";
import { parseBatchBody, parseBatchListQuery, requireIdempotencyKey } from "@/lib/batches/request";
import { listBatches } from "@/lib/batches/view";
import { otherMethods } from "@/lib/http/api-guard";
import { apiRoute, json, readJsonBody } from "@/lib/http/api-route";

// POST /v1/batches – quote a list of CUITs, or start generating their reports as a batch (202)
export const POST = apiRoute({ auth: "required", channel: true, limit: "batchesCreate" }, async ({ req, db, caller }) => {
  const { entries, quoteOnly } = parseBatchBody(await readJsonBody(req));
  if (quoteOnly) return json(await quoteEntries(db, caller, entries));
  const { body, replayed } = await createBatch(db, caller, { entries, idempotencyKey: requireIdempotencyKey(req.headers) });
  return json(body, { status: 202, headers: replayed ? { "Idempotent-Replayed": "true" } : {} });
});

// GET /v1/batches – the account's batches, most recent first
export const GET = apiRoute({ auth: "required", channel: true, limit: "batchesRead" }, async ({ url, db, caller }) =>
  json(await listBatches(db, caller.accountId, parseBatchListQuery(url.searchParams))),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("/v1/batches");
