import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { decode, type JWT } from "next-auth/jwt";
import { getDb } from "@/db/client";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { clientIp } from "@/lib/http/client-ip";
import { log } from "@/lib/log";
import { isSessionValid, revokeSessions, SessionRevoked } from "./revoke";
import { authSecret } from "./secret";
import { signInWithPassword } from "./sign-in";

const SESSION_MAX_AGE = 30 * 24 * 60 * 60;
const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

declare module "next-auth" {
  interface User {
    accountId: string;
  }
  interface Session {
    user: { id: string; email: string; accountId: string };
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    uid?: string;
    acc?: string;
    /**
     * When the user signed in, epoch milliseconds. Unlike `iat`, which next-auth renews every time it re-issues
     * the cookie, it never changes, so a revoked session cannot be brought back by refreshing it.
     */
    sat?: number;
  }
}

/** The sign-in instant of a token; tokens issued before `sat` existed fall back to their `iat`. */
const signedInAt = (token: JWT): number => token.sat ?? (typeof token.iat === "number" ? token.iat * 1000 : 0);

/** The request headers next-auth hands to `authorize` (a plain object), as the Headers the rest of the app reads. */
function headersOf(req: { headers?: Record<string, unknown> } | undefined): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req?.headers ?? {})) if (typeof value === "string") headers.set(name, value);
  return headers;
}

export function authOptions(): NextAuthOptions {
  return {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE },
    pages: { signIn: "/login" },
    providers: [
      CredentialsProvider({
        name: "Email",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Contraseña", type: "password" },
        },
        // A throttled attempt throws: next-auth passes the message on as the failure (`throttled:<seconds>`),
        // which the route answers with 429 and the login page shows in Spanish.
        async authorize(credentials, req) {
          const email = credentials?.email;
          const password = credentials?.password;
          if (!email || !password) return null;
          const ip = clientIp(headersOf(req), env().TRUST_PROXY);
          return signInWithPassword(await getDb(), { email, password }, ip);
        },
      }),
    ],
    callbacks: {
      // Also runs when next-auth re-reads a session (/api/auth/session): a void one is refused there too, so the
      // browser's copy of the cookie is cleared rather than renewed.
      async jwt({ token, user }) {
        if (user) {
          token.uid = user.id;
          token.acc = user.accountId;
          token.sat = now().getTime();
        } else if (token.uid && token.acc) {
          const session = { userId: token.uid, accountId: token.acc, signedInAtMs: signedInAt(token) };
          if (!(await isSessionValid(await getDb(), session))) throw new SessionRevoked();
        }
        return token;
      },
      session({ session, token }) {
        session.user = { id: token.uid ?? "", email: token.email ?? "", accountId: token.acc ?? "" };
        return session;
      },
    },
    // next-auth's own diagnostics go to the app's log (scrubbed like every line), not to the console. A revoked
    // session refused by the jwt callback is expected and not an error.
    logger: {
      error(code, metadata) {
        const err = metadata instanceof Error ? metadata : (metadata as { error?: unknown } | undefined)?.error;
        if (err instanceof SessionRevoked) return;
        log().error({ code, err }, "next-auth error");
      },
      warn(code) {
        log().warn({ code }, "next-auth warning");
      },
      debug() {},
    },
    events: {
      // Signing out ends every session of the user, on every instance. A token that was already void does not
      // count: signing out on a forgotten device must not end the sessions opened since a password change.
      async signOut({ token }) {
        if (!token?.uid || !token.acc) return;
        try {
          const db = await getDb();
          if (await isSessionValid(db, { userId: token.uid, accountId: token.acc, signedInAtMs: signedInAt(token) })) await revokeSessions(db, token.uid);
        } catch (err) {
          log().error({ err, userId: token.uid }, "sign-out could not revoke the sessions");
        }
      },
    },
  };
}

function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eqAt = part.indexOf("=");
    if (eqAt > 0 && part.slice(0, eqAt).trim() === name) return decodeURIComponent(part.slice(eqAt + 1).trim());
  }
  return undefined;
}

/**
 * The session behind a request's cookie, or null: the API wrapper's and the pages' one way to read it. Accepts
 * both the plain and the `__Secure-` cookie name. A token signed in before its user's sessions were revoked
 * (sign-out, password change or reset) is no session, whatever its expiry says.
 */
export async function readSession(headers: Headers): Promise<{ userId: string; accountId: string } | null> {
  const cookie = headers.get("cookie");
  for (const name of SESSION_COOKIES) {
    const token = readCookie(cookie, name);
    if (!token) continue;
    let payload: JWT | null;
    try {
      payload = await decode({ token, secret: authSecret() });
    } catch {
      // A cookie that does not decode is no session.
      continue;
    }
    if (!payload?.uid || !payload.acc) continue;
    const session = { userId: payload.uid, accountId: payload.acc };
    if (await isSessionValid(await getDb(), { ...session, signedInAtMs: signedInAt(payload) })) return session;
  }
  return null;
}
