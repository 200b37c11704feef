"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { markPlanRequestHandled } from "@/lib/billing/plan-requests";
import { done, type ActionState } from "@/lib/web/action-state";
import { textField, webAction } from "@/lib/web/action";

/** Sales answered a plan request: it leaves the pending list (the plan itself is changed on the account's page). */
export const markPlanRequestHandledAction = webAction(
  { access: "admin", form: z.object({ requestId: textField }) },
  async ({ input, db, actor }): Promise<ActionState> => {
    await markPlanRequestHandled(db, input.requestId, actor);
    revalidatePath("/admin/solicitudes");
    return done("Solicitud marcada como atendida.");
  },
);
