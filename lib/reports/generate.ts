import type { Db, Tx } from "@/db/client";
import { commitNow, rawSql } from "@/db/raw";
import type { TipoAccion } from "@/db/schema";
import { now } from "@/lib/clock";
import { resolveCuitOrDni } from "@/lib/cuit";
import { runEngine, type EngineReport } from "@/lib/engine";
import type { VerifiedCaller } from "@/lib/auth/caller";
import { DomainError } from "@/lib/errors";
import { newId } from "@/lib/id";
import { log } from "@/lib/log";
import { allSettledInOrder } from "@/lib/settled";
import { wakeDeliveries, type Written } from "@/lib/monitoring/record-events";
import { recordReportEvents } from "@/lib/monitoring/report-events";
import type { ReportPostResponse } from "@/lib/schemas/reports";
import { reportSnapshots } from "@/lib/sources/snapshots";
import { InsufficientBalance } from "@/lib/billing/debit";
import { costOf, debitReport, holdDailySlot, precheck, renewAllotment, shortfall } from "./charge";
import { findKey, generationState, insertReport, tryGenerationLock } from "./generation-sql";
import { conflict, replay, storeKey } from "./idempotency";

/** How long a request carrying an Idempotency-Key waits for a running twin before answering 409. */
const KEY_WAIT_MS = 5_000;
const POLL_MS = 15;

export interface Generated {
  body: ReportPostResponse;
  /** True when the body is a stored response (Idempotency-Key replay). */
  replayed: boolean;
  /** The sections as the report's row stored them (JSON text), for a new report: `responseJson` reuses it. */
  sectionsJson?: string;
}

/**
 * The body as JSON text. For a new report the sections, by far its largest part, are the text already written for
 * its row, not serialised a second time; the other fields follow in the order of `responseOf`.
 */
export function responseJson({ body, sectionsJson }: Generated): string {
  if (sectionsJson === undefined) return JSON.stringify(body);
  const { cuit, sections: _sections, ...rest } = body;
  return `{"cuit":${JSON.stringify(cuit)},"sections":${sectionsJson},${JSON.stringify(rest).slice(1)}`;
}

/**
 * Fault point for tests and drills, off unless `REPORT_PERSIST_FAULT` is set (never in production): just before the
 * writes and the commit, `throw` fails as a write would, `disconnect` ends the transaction's own database session.
 */
async function persistFault(tx: Tx): Promise<void> {
  const fault = process.env.REPORT_PERSIST_FAULT;
  if (fault === "throw") throw new Error("injected persist fault");
  if (fault === "disconnect") await rawSql(tx).unsafe("select pg_terminate_backend(pg_backend_pid())");
}

const inProgress = () =>
  new DomainError("generacion_en_curso", { retryAfter: 1 });

const BUSY = Symbol("busy");

/** A new report, committed, and what its events wrote. */
interface Committed {
  generated: Generated;
  written: Written | undefined;
}

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
 * Three round trips when nothing else is needed: BEGIN with the lock and the state, the engine's reads, the writes
 * with the COMMIT.
 */
async function attempt(
  db: Db,
  caller: VerifiedCaller,
  cuit: string,
  key: string | null,
): Promise<Generated | typeof BUSY> {
  let persisting = false;
  let charged: { tipo: TipoAccion; at: Date } | undefined;
  let outcome: typeof BUSY | Generated | Committed;
  try {
    outcome = await db.transaction(async (tx): Promise<typeof BUSY | Generated | Committed> => {
      // One round trip, BEGIN included: Postgres runs pipelined statements in order, so the reads start once the
      // lock is held.
      const [locked, state, snapshots] = await Promise.all([
        tryGenerationLock(tx, caller.accountId, cuit),
        generationState(tx, caller.accountId, key, cuit),
        reportSnapshots(tx),
      ]);
      if (!locked) return BUSY;
      if (state.stored) return { body: replay(state.stored, cuit), replayed: true };
      if (state.namesBatch) throw conflict();
      const at = now();
      const tipo: TipoAccion = state.earlier ? "actualizacion" : "nuevo";
      await precheck(tx, caller, tipo, at, state.balance);
      const report = await runEngine(tx, cuit, { snapshots });

      persisting = true;
      const id = newId("report");
      const resolved = report.status !== "no_resuelto";
      const costo = resolved ? costOf(caller, tipo) : 0;
      const body = responseOf(report, id, resolved ? tipo : null, costo);
      const sectionsJson = JSON.stringify(report.sections);
      if (resolved) {
        charged = { tipo, at };
        await holdDailySlot(tx, caller, at);
        await renewAllotment(tx, caller, state.balance, at);
      }
      await persistFault(tx);
      // One round trip: the debit, the report, its key, the events and the COMMIT, which Postgres runs in this order
      // (the events read the balance the debit leaves). A key stored meanwhile by a twin fails the key's insert
      // (storeKey), as does a balance that can no longer pay (InsufficientBalance): the COMMIT then rolls back, and
      // nothing of it is kept. The first failure in that order is the cause; a statement after it only fails because
      // the transaction already has.
      const [, , , written] = await allSettledInOrder([
        resolved ? debitReport(tx, caller, tipo, id, at) : undefined,
        insertReport(tx, {
          id,
          accountId: caller.accountId,
          cuit,
          status: report.status,
          tipoAccion: resolved ? tipo : null,
          costoUnidades: costo,
          denominacion: report.denominacion,
          denominacionOrigen: report.denominacion_origen,
          sectionsJson,
          generatedAt: report.generated_at,
          createdAt: at.toISOString(),
        }),
        key ? storeKey(tx, caller.accountId, key, cuit, id, at) : undefined,
        resolved
          ? recordReportEvents(tx, { accountId: caller.accountId, informeId: id, cuit, status: report.status, tipoAccion: tipo, costoUnidades: costo })
          : undefined,
        commitNow(tx),
      ]);
      return { generated: { body, replayed: false, sectionsJson }, written };
    });
  } catch (e) {
    if (e instanceof DomainError) throw e;
    if (e instanceof InsufficientBalance && charged) throw await shortfall(db, caller, charged.tipo, charged.at);
    if (!persisting) throw e;
    log().error({ err: e, accountId: caller.accountId }, "report not persisted");
    throw new DomainError("informe_no_persistido");
  }
  if (outcome === BUSY || !("generated" in outcome)) return outcome;
  // Committed: the webhook deliveries it wrote go out now. The report is kept whatever happens here; deliveries the
  // worker was not told about are found by its recovery pass (lib/webhooks/recover.ts).
  if (outcome.written) {
    await wakeDeliveries(db, outcome.written).catch((err: unknown) => log().warn({ err, accountId: caller.accountId }, "webhook worker not woken"));
  }
  return outcome.generated;
}

/**
 * POST /v1/reports. Without a key, a request that finds the CUIT's generation running gets 409
 * `generacion_en_curso`. With a key, it waits for the running twin and replays its committed result, or takes over
 * if that twin failed, or gets 409 after KEY_WAIT_MS. A key already used for another CUIT, or for a batch, is 409
 * `idempotency_key_conflict`.
 */
export async function generateReport(
  db: Db,
  caller: VerifiedCaller,
  input: { cuit: string; idempotencyKey: string | null },
): Promise<Generated> {
  const key = input.idempotencyKey;
  const check = await resolveCuitOrDni(db, input.cuit);
  if (!check.ok) throw new DomainError("cuit_invalido", { text: check.message, extra: { reason: check.reason } });
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
