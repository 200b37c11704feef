import { z } from "zod";
import type { DocumentedErrorCode } from "@/lib/schemas/errors";
import type { RequestSchemas } from "@/lib/schemas/request";

/**
 * What every table of operations (operations.ts, batch-operations.ts, monitoring-operations.ts) is written with.
 * The request side is the route's own schemas: `request` is the same object the route hands `apiRoute`, and the
 * document's query and header parameters and request body are generated from it (document.ts).
 */

export type Access = "public" | "optional" | "key";

/** A path parameter; the query's and the headers' come from `Operation.request`. */
export interface PathParameter {
  in: "path";
  name: string;
  schema: z.ZodType;
  description: string;
  example?: unknown;
}

/** A parameter of the document, whatever its place. */
export interface Parameter {
  in: "query" | "path" | "header";
  name: string;
  schema: z.ZodType;
  required?: boolean;
  description: string;
  example?: unknown;
}

export interface Operation {
  method: "get" | "post" | "delete";
  path: string;
  operationId: string;
  tag: "Reports" | "Account" | "Catalog" | "Monitoring" | "Meta";
  summary: string;
  description: string;
  access: Access;
  /** Rate-limited operations document the RateLimit-* headers and 429. */
  rateLimited: boolean;
  parameters?: PathParameter[];
  /** The schemas the route parses its headers, query and body with. */
  request?: RequestSchemas;
  success: {
    /** `file`: not JSON; `media` lists the content types (a file download). */
    schema: z.ZodType | "any-object" | "file";
    description: string;
    replayHeader?: boolean;
    /** 200 unless said (202: accepted, runs in the background). */
    status?: 201 | 202;
    media?: Record<string, "text" | "binary">;
  };
  /** A second success answer of another status (POST /v1/batches: the quote, beside the created batch). */
  alternative?: { status: 200; schema: z.ZodType; description: string };
  redirect?: string;
  errors: Partial<Record<400 | 401 | 402 | 403 | 404 | 409 | 429 | 500, DocumentedErrorCode[]>>;
}

/** A path `{id}` (or another name) of one of the account's resources. */
export const pathParameter = (description: string, example: string, name = "id"): PathParameter => ({ in: "path", name, schema: z.string(), description, example });

/** The gates of a key call: no caller, a suspended account, a plan without the REST API or unverifiable. */
export const KEY_GATES = {
  401: ["unauthenticated"],
  403: ["account_suspended", "channel_disabled", "internal"],
} satisfies Operation["errors"];

/** A read of the account's own (no session origin check): the key gates, the rate limit and the generic 500. */
export const KEY_READ = { ...KEY_GATES, 429: ["rate_limited"], 500: ["internal"] } satisfies Operation["errors"];

/** A state-changing call: the key gates, a session from a foreign origin, the rate limit and the generic 500. */
export const KEY_WRITE = {
  401: ["unauthenticated"],
  403: ["account_suspended", "channel_disabled", "forbidden", "internal"],
  429: ["rate_limited"],
  500: ["internal"],
} satisfies Operation["errors"];

export const REPORT_ID = pathParameter("The `informe_id`.", "inf_2v8Q0xY4cJm1Pz7kR");
