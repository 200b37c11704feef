"use server";

import { getDb } from "@/db/client";
import { verifyEmail } from "@/lib/accounts/verify-email";
import { formText } from "@/lib/form-data";
import { done, type ActionState } from "@/lib/web/action-state";
import { assertTrustedOrigin, failure } from "@/lib/web/session-action";

/** Confirms the address of the link's token; the page says so and sends the person on to sign in. */
export async function verifyEmailAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  try {
    await assertTrustedOrigin();
    const { alreadyVerified } = await verifyEmail(await getDb(), formText(form, "token"));
    return done(alreadyVerified ? "Tu email ya estaba confirmado." : "Listo: tu email quedó confirmado y el cupo de tu plan ya está disponible.");
  } catch (e) {
    return failure(e);
  }
}
