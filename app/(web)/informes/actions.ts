"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { formText } from "@/lib/form-data";
import { ApiError } from "@/lib/http/errors";
import { generateReport } from "@/lib/reports/generate";
import { parseIdempotencyKey } from "@/lib/reports/request";
import { enforceWebLimit } from "@/lib/web/rate-limit";
import { generateFailure, verifiedCaller, type GenerateState } from "@/lib/web/reports";
import { sessionActionCaller } from "@/lib/web/session-action";

/**
 * Generates the report the person confirmed, then opens it. The form carries the Idempotency-Key it was rendered
 * with, so a double click or a resubmitted form is one logical operation: charged once, the same report each time.
 * Web sessions skip the API channel gate (spec 5.4) but not its rate limit, origin check or suspension.
 */
export async function generateReportAction(_prev: GenerateState, form: FormData): Promise<GenerateState> {
  let target: string;
  try {
    const caller = verifiedCaller(await sessionActionCaller());
    const idempotencyKey = parseIdempotencyKey(new Headers({ "idempotency-key": formText(form, "idempotencyKey") }));
    const cuit = formText(form, "cuit").trim();
    if (!cuit) throw new ApiError(400, "cuit_requerido");
    await enforceWebLimit("reportsCreate", caller.accountId);
    const { body, replayed } = await generateReport(await getDb(), caller, { cuit, idempotencyKey });
    if (!body.informe_id) throw new ApiError(500, "informe_no_persistido");
    target = `/informes/${body.informe_id}?${replayed ? "repetido" : "generado"}=1`;
  } catch (e) {
    return generateFailure(e);
  }
  revalidatePath("/informes");
  revalidatePath("/cuenta", "layout");
  redirect(target);
}
