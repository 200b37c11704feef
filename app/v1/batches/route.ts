import { createBatch, quoteEntries } from "@/lib/batches/create";
import { batchEntries, idempotencyKeyRequired } from "@/lib/batches/request";
import { listBatches } from "@/lib/batches/view";
import { otherMethods } from "@/lib/http/api-guard";
import { apiRoute, json } from "@/lib/http/api-route";
import { batchListQuerySchema, batchPostBodySchema, batchPostHeadersSchema } from "@/lib/schemas/batches";

// POST /v1/batches – quote a list of CUITs, or start generating their reports as a batch (202)
export const POST = apiRoute(
  { auth: "required", channel: true, limit: "batchesCreate", request: { headers: batchPostHeadersSchema, body: batchPostBodySchema } },
  async ({ db, caller, input }) => {
    const { entries, quoteOnly } = batchEntries(input.body);
    if (quoteOnly) return json(await quoteEntries(db, caller, entries));
    const idempotencyKey = input.headers["Idempotency-Key"];
    if (idempotencyKey === undefined) throw idempotencyKeyRequired();
    const { body, replayed } = await createBatch(db, caller, { entries, idempotencyKey });
    return json(body, { status: 202, headers: replayed ? { "Idempotent-Replayed": "true" } : {} });
  },
);

// GET /v1/batches – the account's batches, most recent first
export const GET = apiRoute({ auth: "required", channel: true, limit: "batchesRead", request: { query: batchListQuerySchema } }, async ({ db, caller, input }) =>
  json(await listBatches(db, caller.accountId, input.query)),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("/v1/batches");
