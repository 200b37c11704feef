"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { createApiKey, revokeApiKey } from "@/lib/auth/api-keys";
import { done, type ActionState } from "@/lib/web/action-state";
import { formText } from "@/lib/form-data";
import { textField, webAction } from "@/lib/web/action";

export type CreateKeyState = ActionState & { key?: string; name?: string };

/** Creates a key and hands its plaintext to the form, the only time it is ever shown. */
export const createKeyAction = webAction(
  {
    access: "session",
    form: z.object({ name: textField }),
    // The name goes back to the form, which React resets after every submission.
    render: (state, form): CreateKeyState => ({ status: state.status, message: state.message, name: formText(form, "name") }),
  },
  async ({ input, db, caller, actor }): Promise<CreateKeyState> => {
    const created = await createApiKey(db, caller.accountId, { name: input.name }, actor);
    revalidatePath("/cuenta/claves");
    return { ...done("Clave creada."), key: created.key, name: input.name.trim() || "Clave de API" };
  },
);

export const revokeKeyAction = webAction(
  { access: "session", form: z.object({ keyId: textField }) },
  async ({ input, db, caller, actor }): Promise<ActionState> => {
    await revokeApiKey(db, caller.accountId, input.keyId, actor);
    revalidatePath("/cuenta/claves");
    return done("Clave revocada.");
  },
);
