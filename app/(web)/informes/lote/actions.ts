"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { cancelBatch } from "@/lib/batches/cancel";
import { createBatch } from "@/lib/batches/create";
import { parseBatchBody } from "@/lib/batches/request";
import { DomainError } from "@/lib/errors";
import { idempotencyKey } from "@/lib/schemas/request";
import { done, type ActionState } from "@/lib/web/action-state";
import { textField, webAction } from "@/lib/web/action";
import { verifiedCaller } from "@/lib/web/reports";

const LIST_DAMAGED = "La lista no llegó bien. Volvé a revisarla y confirmá de nuevo.";

/** The previewed list, as the form carries it (JSON), checked by the API's own body schema. */
function entriesOf(json: string): string[] {
  let cuits: unknown;
  try {
    cuits = JSON.parse(json) as unknown;
  } catch {
    throw new DomainError("body_invalido", { text: LIST_DAMAGED });
  }
  return parseBatchBody({ cuits }).entries;
}

/**
 * Starts the batch the person previewed and confirmed, then opens its progress page. The form carries the
 * Idempotency-Key made with the preview: a double click or a resubmitted form is the same batch, charged once.
 */
export const createBatchAction = webAction(
  {
    access: "session",
    form: z.object({
      entradas: textField,
      idempotencyKey: idempotencyKey("La vista previa venció. Volvé a cargar la lista."),
    }),
    limit: "batchesCreate",
  },
  async ({ input, db, caller }): Promise<ActionState> => {
    const entries = entriesOf(input.entradas);
    const { body } = await createBatch(db, verifiedCaller(caller), { entries, idempotencyKey: input.idempotencyKey });
    revalidatePath("/informes/lote");
    redirect(`/informes/lote/${body.lote_id}`);
  },
);

/** Stops the items of a batch that have not started. */
export const cancelBatchAction = webAction(
  { access: "session", form: z.object({ id: textField }), limit: "batchesCreate" },
  async ({ input, db, caller }): Promise<ActionState> => {
    await cancelBatch(db, caller.accountId, input.id);
    revalidatePath(`/informes/lote/${input.id}`);
    return done("Cancelaste el lote. Los CUIT que ya estaban en curso terminan; el resto no se genera ni se cobra.");
  },
);
