import { createHash } from "node:crypto";
import type { Db } from "@/db/client";
import type { BatchItemStatus, TipoAccion } from "@/db/schema";
import type { VerifiedCaller } from "@/lib/auth/caller";
import { DomainError } from "@/lib/errors";
import { log } from "@/lib/log";
import { generateReport } from "@/lib/reports/generate";

/** After this many claims without an outcome an item ends `error`, uncharged, rather than loop forever. */
export const MAX_ATTEMPTS = 5;

export interface ItemOutcome {
  status: BatchItemStatus;
  informeId: string | null;
  tipoAccion: TipoAccion | null;
  costoUnidades: number;
  error: string | null;
}

/**
 * The item's own Idempotency-Key: a UUID derived from the batch and the CUIT. Whatever runs the item again (a
 * retried job, a worker that took over from a killed one, two workers racing) replays the stored outcome of the
 * generation that committed instead of generating and charging again.
 */
export function itemKey(batchId: string, cuit: string): string {
  const h = createHash("sha256").update(`batch-item:${batchId}:${cuit}`).digest();
  h[6] = (h[6] & 0x0f) | 0x80; // version 8 (custom)
  h[8] = (h[8] & 0x3f) | 0x80; // RFC 9562 variant
  const hex = h.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const FAILED = "No se pudo generar el informe de este CUIT después de varios intentos. No se cobró; podés pedirlo de nuevo.";

/**
 * Runs one item exactly as POST /v1/reports would run that CUIT (the same function: lock, billing, idempotency).
 * A balance that cannot pay, or a spent daily cap, is `sin_saldo`; a transient failure returns null (the item goes
 * back to `pendiente`) until the attempts run out.
 */
export async function runItem(db: Db, caller: VerifiedCaller, batchId: string, cuit: string, intentos: number): Promise<ItemOutcome | null> {
  try {
    const { body } = await generateReport(db, caller, { cuit, idempotencyKey: itemKey(batchId, cuit) });
    return {
      status: body.status,
      informeId: body.informe_id,
      tipoAccion: body.tipo_accion ?? null,
      costoUnidades: body.costo_unidades ?? 0,
      error: null,
    };
  } catch (e) {
    const none = { informeId: null, tipoAccion: null, costoUnidades: 0 };
    if (e instanceof DomainError && (e.code === "saldo_insuficiente" || e.code === "daily_limit_exceeded")) {
      return { ...none, status: "sin_saldo", error: e.message };
    }
    if (e instanceof DomainError && e.code === "cuit_invalido") return { ...none, status: "invalido", error: e.message };
    log().warn({ err: e, batchId, cuit, intentos }, "batch item failed");
    return intentos >= MAX_ATTEMPTS ? { ...none, status: "error", error: FAILED } : null;
  }
}
