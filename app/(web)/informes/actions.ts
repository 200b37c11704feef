"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { DomainError } from "@/lib/errors";
import { generateReport } from "@/lib/reports/generate";
import { idempotencyKey } from "@/lib/schemas/request";
import { textField, webAction } from "@/lib/web/action";
import { generateFailure, verifiedCaller, type GenerateState } from "@/lib/web/reports";

const form = z.object({
  cuit: textField.transform((v) => v.trim()),
  idempotencyKey: idempotencyKey("El formulario venció. Pedí la cotización de nuevo y volvé a confirmar."),
});

/**
 * Generates the report the person confirmed, then opens it. The form carries the Idempotency-Key it was rendered
 * with, so a double click or a resubmitted form is one logical operation: charged once, the same report each time.
 * Web sessions skip the API channel gate (spec 5.4) but not its rate limit, origin check or suspension.
 */
export const generateReportAction = webAction(
  { access: "session", form, limit: "reportsCreate", render: generateFailure },
  async ({ input, db, caller }): Promise<GenerateState> => {
    if (!input.cuit) throw new DomainError("cuit_requerido");
    const { body, replayed } = await generateReport(db, verifiedCaller(caller), { cuit: input.cuit, idempotencyKey: input.idempotencyKey });
    if (!body.informe_id) throw new DomainError("informe_no_persistido");
    revalidatePath("/informes");
    revalidatePath("/cuenta", "layout");
    redirect(`/informes/${body.informe_id}?${replayed ? "repetido" : "generado"}=1`);
  },
);
