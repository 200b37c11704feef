import type { Db, Tx } from "@/db/client";
import type { TipoAccion } from "@/db/schema";
import { now } from "@/lib/clock";
import { resolveCuitOrDni } from "@/lib/cuit";
import { runEngine, type EngineReport } from "@/lib/engine";
import type { VerifiedCaller } from "@/lib/http/api-route";
import { ApiError } from "@/lib/http/errors";
import { newId } from "@/lib/id";
import { log } from "@/lib/log";
import { recordReportEvents } from "@/lib/monitoring/report-events";
import type { ReportPostResponse } from "@/lib/schemas/reports";
import { currentSnapshots } from "@/lib/sources/snapshots";
import { chargeAndPersist, costOf, precheck } from "./charge";
import { findKey, replay, storeKey } from "./idempotency";
import { generationState, insertReport, tryGenerationLock } from "./statements";

/** How long a request carrying an Idempotency-Key waits for a running twin before answering 409. */
const KEY_WAIT_MS = 5_000;
const POLL_MS = 15;

export interface Generated {
  body: ReportPostResponse;
  /** True when the body is a stored response (Idempotency-Key replay). */
  replayed: boolean;
}

/** Test seam: runs inside the persisting transaction just before it commits. */
export const persistHooks: { beforeCommit: ((tx: Tx) => Promise<void>) | null } = { beforeCommit: null };

const inProgress = () =>
  new ApiError(409, "generacion_en_curso", { headers: { "Retry-After": "1" } });

const BUSY = Symbol("busy");

function responseOf(report: EngineReport, informeId: string, tipo: TipoAccion | null, costo: number): ReportPostResponse {
  return {
    cuit: report.cuit,
    sections: report.sections,
    status: report.status,
    generated_at: report.generated_at,
    informe_id: informeId,
    cache_hit: false,
    tipo_accion: tipo,
    costo_unidades: costo,
  };
}

/**
 * One attempt under the (account, CUIT) generation lock: a transaction-scoped advisory lock, so it is held across
 * every app instance on the database and dies with its holder. The engine reads inside the same transaction (its
 * queries pipeline on the one connection), then the report, the charge and the idempotency record commit together.
 */
async function attempt(
  db: Db,
  caller: VerifiedCaller,
  cuit: string,
  key: string | null,
): Promise<Generated | typeof BUSY> {
  let persisting = false;
  try {
    return await db.transaction(async (tx) => {
      // One round trip: Postgres runs pipelined statements in order, so the reads start once the lock is held.
      const [locked, state, snapshots] = await Promise.all([
        tryGenerationLock(tx, caller.accountId, cuit),
        generationState(tx, caller.accountId, key, cuit),
        currentSnapshots(tx),
      ]);
      if (!locked) return BUSY;
      if (state.stored) return { body: replay(state.stored, cuit), replayed: true };
      const at = now();
      const tipo: TipoAccion = state.earlier ? "actualizacion" : "nuevo";
      await precheck(tx, caller, tipo, at, state.balance);
      const report = await runEngine(tx, cuit, { snapshots });

      persisting = true;
      const id = newId("report");
      const resolved = report.status !== "no_resuelto";
      const costo = resolved ? costOf(caller, tipo) : 0;
      const body = responseOf(report, id, resolved ? tipo : null, costo);
      // The report and its key, in the same round trip as a balance debit; a key stored meanwhile by a twin fails the
      // set (storeKey), as does a balance that can no longer pay (402): nothing of it commits.
      const persist = () =>
        Promise.all([
          insertReport(tx, {
            id,
            accountId: caller.accountId,
            cuit,
            status: report.status,
            tipoAccion: resolved ? tipo : null,
            costoUnidades: costo,
            denominacion: report.denominacion,
            denominacionOrigen: report.denominacion_origen,
            sections: report.sections,
            generatedAt: report.generated_at,
            createdAt: at.toISOString(),
          }),
          key ? storeKey(tx, caller.accountId, key, cuit, id, body, at) : undefined,
        ]);
      if (resolved) {
        await chargeAndPersist(tx, caller, tipo, id, at, persist);
        await recordReportEvents(tx, { accountId: caller.accountId, informeId: id, cuit, status: report.status, tipoAccion: tipo, costoUnidades: costo });
      } else await persist();
      if (persistHooks.beforeCommit) await persistHooks.beforeCommit(tx);
      return { body, replayed: false };
    });
  } catch (e) {
    if (e instanceof ApiError) throw e;
    if (!persisting) throw e;
    log().error({ err: e, accountId: caller.accountId }, "report not persisted");
    throw new ApiError(500, "informe_no_persistido");
  }
}

/**
 * POST /v1/reports. Without a key, a request that finds the CUIT's generation running gets 409
 * `generacion_en_curso`. With a key, it waits for the running twin and replays its committed result, or takes over
 * if that twin failed, or gets 409 after KEY_WAIT_MS. A key already used for another CUIT is 409
 * `idempotency_key_conflict`.
 */
export async function generateReport(
  db: Db,
  caller: VerifiedCaller,
  input: { cuit: string; idempotencyKey: string | null },
): Promise<Generated> {
  const key = input.idempotencyKey;
  const check = await resolveCuitOrDni(db, input.cuit);
  if (!check.ok) throw new ApiError(400, "cuit_invalido", { text: check.message, extra: { reason: check.reason } });
  if (key) {
    const stored = await findKey(db, caller.accountId, key);
    if (stored) return { body: replay(stored, check.cuit), replayed: true };
  }
  const deadline = Date.now() + KEY_WAIT_MS;
  for (;;) {
    const outcome = await attempt(db, caller, check.cuit, key);
    if (outcome !== BUSY) return outcome;
    if (!key || Date.now() > deadline) throw inProgress();
    await new Promise((r) => setTimeout(r, POLL_MS));
    const stored = await findKey(db, caller.accountId, key);
    if (stored) return { body: replay(stored, check.cuit), replayed: true };
  }
}
