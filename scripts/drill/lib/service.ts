import type { Db } from "@/db/client";
import { DomainError } from "@/lib/errors";
import type { VerifiedCaller } from "@/lib/auth/caller";
import { generateReport } from "@/lib/reports/generate";
import type { Body } from "./http";
import { errorBody, httpStatus } from "@/lib/http/errors";

export interface Outcome {
  via: "http" | "service";
  status: number;
  body: Body | undefined;
  /** The Idempotent-Replayed header (HTTP), or the service's own flag. */
  replayed: boolean;
  /** 409 generacion_en_curso answers that were retried after Retry-After. */
  retries: number;
  ms: number;
}

/**
 * POST /v1/reports through the service itself, in this process: a second app instance on the same database, with
 * its own connection pool. The per-account limit of spec 8.1 (10 POSTs a minute) caps what one account can send
 * over HTTP; the drills that need more concurrent generations on one account than that send the rest this way, so
 * that they race on the same rows and locks across two processes. The body goes through JSON as on the wire.
 */
export async function generateInProcess(
  db: Db,
  caller: VerifiedCaller,
  cuit: string,
  idempotencyKey: string | null,
): Promise<{ status: number; body: Body | undefined; replayed: boolean }> {
  try {
    const { body, replayed } = await generateReport(db, caller, { cuit, idempotencyKey });
    return { status: 200, body: JSON.parse(JSON.stringify(body)) as Body, replayed };
  } catch (e) {
    if (e instanceof DomainError) return { status: httpStatus(e.code), body: JSON.parse(JSON.stringify(errorBody(e))) as Body, replayed: false };
    throw e;
  }
}
