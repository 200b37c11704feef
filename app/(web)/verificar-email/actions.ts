"use server";

import { z } from "zod";
import { verifyEmail } from "@/lib/accounts/verify-email";
import { done, type ActionState } from "@/lib/web/action-state";
import { textField, webAction } from "@/lib/web/action";

/** Confirms the address of the link's token; the page says so and sends the person on to sign in. */
export const verifyEmailAction = webAction(
  { access: "public", form: z.object({ token: textField }) },
  async ({ input, db }): Promise<ActionState> => {
    const { alreadyVerified } = await verifyEmail(db, input.token);
    return done(alreadyVerified ? "Tu email ya estaba confirmado." : "Listo: tu email quedó confirmado y el cupo de tu plan ya está disponible.");
  },
);

