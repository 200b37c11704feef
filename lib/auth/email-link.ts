import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { authSecret } from "./secret";

/** What a link sent by e-mail may do. Each purpose signs with a key of its own, so one cannot stand for another. */
export type LinkPurpose = "verify" | "reset";

export const LINK_TTL_SECONDS: Record<LinkPurpose, number> = { verify: 7 * 24 * 3600, reset: 3600 };

const payloadSchema = z.object({
  /** The user. */
  u: z.string().min(1),
  /** Expiry, epoch seconds. */
  x: z.number().int(),
  /** What the link is bound to: the address for a verification, the current password hash's digest for a reset. */
  b: z.string().min(1),
});

export type LinkPayload = z.infer<typeof payloadSchema>;

const keyFor = (purpose: LinkPurpose): Buffer => createHmac("sha256", authSecret()).update(`legajo:email-link:${purpose}`).digest();

const sign = (purpose: LinkPurpose, body: string): Buffer => createHmac("sha256", keyFor(purpose)).update(body).digest();

/**
 * A reset link is bound to the password it replaces: once the password changes (by that link or any other way)
 * the digest no longer matches, which makes the link single-use without a table of spent links.
 */
export const passwordBinding = (passwordHash: string): string => createHash("sha256").update(passwordHash).digest("base64url").slice(0, 22);

/** `<payload>.<signature>`, both base64url: short enough for a URL, opaque to the person. */
export function signLink(purpose: LinkPurpose, userId: string, binding: string, nowMs: number): string {
  const payload: LinkPayload = { u: userId, x: Math.floor(nowMs / 1000) + LINK_TTL_SECONDS[purpose], b: binding };
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${body}.${sign(purpose, body).toString("base64url")}`;
}

export type LinkCheck = { status: "ok"; payload: LinkPayload } | { status: "expired" } | { status: "invalid" };

/** Checks the signature first (nothing unsigned is parsed), then the shape, then the expiry. */
export function readLink(purpose: LinkPurpose, token: string, nowMs: number): LinkCheck {
  const [body, signature, extra] = token.split(".");
  if (!body || !signature || extra !== undefined) return { status: "invalid" };
  const expected = sign(purpose, body);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { status: "invalid" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    return { status: "invalid" };
  }
  const payload = payloadSchema.safeParse(parsed);
  if (!payload.success) return { status: "invalid" };
  if (payload.data.x * 1000 <= nowMs) return { status: "expired" };
  return { status: "ok", payload: payload.data };
}
