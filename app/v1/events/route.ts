import { otherMethods } from "@/lib/http/api-guard";
import { apiRoute, json } from "@/lib/http/api-route";
import { listEvents } from "@/lib/monitoring/events";
import { eventsQuerySchema } from "@/lib/schemas/monitoring";

// GET /v1/events – the account's events after a cursor, for clients that poll instead of receiving webhooks
export const GET = apiRoute({ auth: "required", channel: true, limit: "monitoring", request: { query: eventsQuerySchema } }, async ({ db, caller, input }) =>
  json(await listEvents(db, caller.accountId, input.query)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("/v1/events");
