"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { markPlanRequestHandled } from "@/lib/billing/plan-requests";
import { formText } from "@/lib/form-data";
import { done, type ActionState } from "@/lib/web/action-state";
import { adminActionCaller, failure } from "@/lib/web/session-action";

/** Sales answered a plan request: it leaves the pending list (the plan itself is changed on the account's page). */
export async function markPlanRequestHandledAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  try {
    const { actor } = await adminActionCaller();
    await markPlanRequestHandled(await getDb(), formText(form, "requestId"), actor);
    revalidatePath("/admin/solicitudes");
    return done("Solicitud marcada como atendida.");
  } catch (e) {
    return failure(e);
  }
}
