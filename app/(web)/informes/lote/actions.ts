"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { cancelBatch } from "@/lib/batches/cancel";
import { createBatch } from "@/lib/batches/create";
import { parseBatchBody, requireIdempotencyKey } from "@/lib/batches/request";
import { formText } from "@/lib/form-data";
import { ApiError } from "@/lib/http/errors";
import { done, type ActionState } from "@/lib/web/action-state";
import { enforceWebLimit } from "@/lib/web/rate-limit";
import { verifiedCaller } from "@/lib/web/reports";
import { failure, sessionActionCaller } from "@/lib/web/session-action";

function entriesOf(form: FormData): string[] {
  try {
    return parseBatchBody({ cuits: JSON.parse(formText(form, "entradas")) as unknown }).entries;
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw new ApiError(400, "body_invalido", { text: "La lista no llegó bien. Volvé a revisarla y confirmá de nuevo." });
  }
}

/**
 * Starts the batch the person previewed and confirmed, then opens its progress page. The form carries the
 * Idempotency-Key made with the preview: a double click or a resubmitted form is the same batch, charged once.
 */
export async function createBatchAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  let target: string;
  try {
    const caller = verifiedCaller(await sessionActionCaller());
    const idempotencyKey = requireIdempotencyKey(new Headers({ "idempotency-key": formText(form, "idempotencyKey") }));
    const entries = entriesOf(form);
    await enforceWebLimit("batchesCreate", caller.accountId);
    const { body } = await createBatch(await getDb(), caller, { entries, idempotencyKey });
    target = `/informes/lote/${body.lote_id}`;
  } catch (e) {
    return failure(e);
  }
  revalidatePath("/informes/lote");
  redirect(target);
}

/** Stops the items of a batch that have not started. */
export async function cancelBatchAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  try {
    const caller = await sessionActionCaller();
    const id = formText(form, "id");
    await enforceWebLimit("batchesCreate", caller.accountId);
    await cancelBatch(await getDb(), caller.accountId, id);
    revalidatePath(`/informes/lote/${id}`);
    return done("Cancelaste el lote. Los CUIT que ya estaban en curso terminan; el resto no se genera ni se cobra.");
  } catch (e) {
    return failure(e);
  }
}
