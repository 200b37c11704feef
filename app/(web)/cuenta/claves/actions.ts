"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { recordAudit } from "@/lib/audit/record";
import { createApiKey, revokeApiKey } from "@/lib/auth/api-keys";
import { formText } from "@/lib/form-data";
import { done, type ActionState } from "@/lib/web/action-state";
import { actorOf, failure, sessionActionCaller } from "@/lib/web/session-action";

export type CreateKeyState = ActionState & { key?: string; name?: string };

/** Creates a key and hands its plaintext to the form, the only time it is ever shown. */
export async function createKeyAction(_prev: CreateKeyState, form: FormData): Promise<CreateKeyState> {
  try {
    const caller = await sessionActionCaller();
    const db = await getDb();
    const created = await createApiKey(db, caller.accountId, { name: formText(form, "name") });
    await recordAudit(db, await actorOf(caller), "key.create", caller.accountId, { key_id: created.id, start: created.start });
    revalidatePath("/cuenta/claves");
    return { ...done("Clave creada."), key: created.key, name: formText(form, "name").trim() || "Clave de API" };
  } catch (e) {
    // The name goes back to the form, which React resets after every submission.
    return { ...failure(e), name: formText(form, "name") };
  }
}

export async function revokeKeyAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  try {
    const caller = await sessionActionCaller();
    const db = await getDb();
    const { id } = await revokeApiKey(db, caller.accountId, formText(form, "keyId"));
    await recordAudit(db, await actorOf(caller), "key.revoke", caller.accountId, { key_id: id });
    revalidatePath("/cuenta/claves");
    return done("Clave revocada.");
  } catch (e) {
    return failure(e);
  }
}
