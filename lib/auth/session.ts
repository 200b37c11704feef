import { eq } from "drizzle-orm";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { decode } from "next-auth/jwt";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { verifyPassword } from "./passwords";
import { authSecret } from "./secret";

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
  }
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
        async authorize(credentials) {
          const email = credentials?.email?.trim().toLowerCase();
          const password = credentials?.password;
          if (!email || !password) return null;
          const db = await getDb();
          const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
          if (!user || !(await verifyPassword(user.passwordHash, password))) return null;
          return { id: user.id, email: user.email, accountId: user.accountId };
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) {
          token.uid = user.id;
          token.acc = user.accountId;
        }
        return token;
      },
      session({ session, token }) {
        session.user = { id: token.uid ?? "", email: token.email ?? "", accountId: token.acc ?? "" };
        return session;
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

/** The session behind a request's cookie, or null. Accepts both the plain and the `__Secure-` cookie name. */
export async function readSession(headers: Headers): Promise<{ userId: string; accountId: string } | null> {
  const cookie = headers.get("cookie");
  for (const name of SESSION_COOKIES) {
    const token = readCookie(cookie, name);
    if (!token) continue;
    try {
      const payload = await decode({ token, secret: authSecret() });
      if (payload?.uid && payload.acc) return { userId: payload.uid, accountId: payload.acc };
    } catch {
      // A cookie that does not decode is no session.
    }
  }
  return null;
}
