import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";

/** A signing secret in the Standard Webhooks form: `whsec_` and the base64 of 32 random bytes. */
export const newSecret = (): string => `whsec_${randomBytes(32).toString("base64")}`;

/**
 * The three Standard Webhooks headers of one attempt. The signature is HMAC-SHA256 of `id.timestamp.body` under each
 * secret given (the current one, and the previous one for a day after a rotation), space-separated as the spec allows.
 */
export function signedHeaders(id: string, at: Date, body: string, secrets: readonly string[]): Record<string, string> {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": secrets.map((s) => new Webhook(s).sign(id, at, body)).join(" "),
  };
}
