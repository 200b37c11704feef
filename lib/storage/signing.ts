import { createHmac, timingSafeEqual } from "node:crypto";
import { authSecret } from "@/lib/auth/secret";

/**
 * HMAC signatures of the local driver's download links. The link carries the object key (its path), `exp` (unix
 * seconds) and `sig`; changing any of them breaks the signature, and a link past `exp` is refused.
 */
export type LinkCheck = "ok" | "invalid" | "expired";

const payload = (key: string, exp: number) => `GET\n/${key}\n${exp}`;

export function signObjectLink(signingKey: Buffer, key: string, exp: number): string {
  return createHmac("sha256", signingKey).update(payload(key, exp)).digest("base64url");
}

export function checkObjectLink(
  signingKey: Buffer,
  key: string,
  exp: string | null,
  sig: string | null,
  nowSeconds: number,
): LinkCheck {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return "invalid";
  const expected = Buffer.from(signObjectLink(signingKey, key, Number(exp)));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
  return Number(exp) <= nowSeconds ? "expired" : "ok";
}

let derived: Buffer | undefined;

/**
 * The link-signing key, derived from the session secret (NEXTAUTH_SECRET, or the one kept in DATA_DIR) so that every
 * process of an installation agrees on it and rotating that secret also invalidates outstanding links.
 */
export function objectSigningKey(): Buffer {
  derived ??= createHmac("sha256", authSecret()).update("legajo/object-links/v1").digest();
  return derived;
}
