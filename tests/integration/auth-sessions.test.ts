import { eq } from "drizzle-orm";
import { encode, type JWT } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { GET as balance } from "@/app/v1/balance/route";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { changePassword } from "@/lib/accounts/password-change";
import { SessionRevoked } from "@/lib/auth/revoke";
import { authOptions, readSession } from "@/lib/auth/session";
import { authSecret } from "@/lib/auth/secret";
import { newAccount, type TestAccount } from "../helpers/accounts";
import { call } from "../helpers/http";

const PASSWORD = "caballo-bateria-grapa";
const ORIGIN = "http://localhost:3000";

/** The token next-auth issues at sign-in: the jwt callback's, for the user's account. */
async function signIn(a: TestAccount): Promise<JWT> {
  const jwt = authOptions().callbacks!.jwt!;
  return jwt({ token: { email: a.email, sub: a.userId }, user: { id: a.userId, email: a.email, accountId: a.accountId }, account: null, trigger: "signIn" } as never);
}

const cookieOf = async (token: JWT) => `next-auth.session-token=${await encode({ token, secret: authSecret() })}`;

/** next-auth's sign-out of a session: its `signOut` event, with the decoded token. */
const signOut = (token: JWT) => authOptions().events!.signOut!({ token, session: undefined as never });

const balanceWith = async (cookie: string) => (await call(balance, "/v1/balance", { headers: { cookie } })).status;

const tick = () => new Promise((r) => setTimeout(r, 5));

describe("ending sessions", () => {
  it("stamps the sign-in time into the token, once, at sign-in", async () => {
    const a = await newAccount({ password: PASSWORD });
    const before = Date.now();
    const token = await signIn(a);
    expect(token).toMatchObject({ uid: a.userId, acc: a.accountId });
    expect(token.sat).toBeGreaterThanOrEqual(before);
    const refreshed = await authOptions().callbacks!.jwt!({ token, trigger: "update" } as never);
    expect(refreshed.sat).toBe(token.sat);
  });

  it("refuses a signed-out session's token on the API and on the pages' reader, though it has not expired", async () => {
    const a = await newAccount({ password: PASSWORD });
    const token = await signIn(a);
    const cookie = await cookieOf(token);
    expect(await balanceWith(cookie)).toBe(200);
    await tick();
    await signOut(token);
    expect(await balanceWith(cookie)).toBe(401);
    expect(await readSession(new Headers({ cookie }))).toBeNull();
    // next-auth's own session endpoint refuses to renew it (and so clears the browser's cookie).
    await expect(authOptions().callbacks!.jwt!({ token } as never)).rejects.toBeInstanceOf(SessionRevoked);
  });

  it("ends every session of the user, and a later sign-in works", async () => {
    const a = await newAccount({ password: PASSWORD });
    const laptop = await signIn(a);
    const phone = await signIn(a);
    await tick();
    await signOut(laptop);
    expect(await balanceWith(await cookieOf(phone))).toBe(401);
    await tick();
    const again = await cookieOf(await signIn(a));
    expect(await balanceWith(again)).toBe(200);
    expect(await readSession(new Headers({ cookie: again }))).toEqual({ userId: a.userId, accountId: a.accountId });
  });

  it("does not let a token that was already void end the sessions opened since", async () => {
    const a = await newAccount({ password: PASSWORD });
    const stale = await signIn(a);
    await tick();
    await signOut(stale);
    await tick();
    const fresh = await cookieOf(await signIn(a));
    await tick();
    await signOut(stale);
    expect(await balanceWith(fresh)).toBe(200);
  });

  it("leaves other users' sessions alone", async () => {
    const a = await newAccount({ password: PASSWORD });
    const b = await newAccount({ password: PASSWORD });
    const bCookie = await cookieOf(await signIn(b));
    await tick();
    await signOut(await signIn(a));
    expect(await balanceWith(bCookie)).toBe(200);
  });

  it("refuses a token whose user was moved to another account", async () => {
    const a = await newAccount({ password: PASSWORD });
    const token = await signIn(a);
    const forged = await cookieOf({ ...token, acc: (await newAccount()).accountId });
    expect(await balanceWith(forged)).toBe(401);
  });

  it("ends every session when the password changes; the new password signs in", async () => {
    const a = await newAccount({ password: PASSWORD });
    const before = await cookieOf(await signIn(a));
    await tick();
    await changePassword(await getDb(), a.userId, { current: PASSWORD, password: "otra-frase-bien-larga" }, ORIGIN);
    expect(await balanceWith(before)).toBe(401);
    await tick();
    expect(await balanceWith(await cookieOf(await signIn(a)))).toBe(200);
    const [row] = await (await getDb()).select().from(users).where(eq(users.id, a.userId));
    expect(row.sessionsValidAfter).toBeInstanceOf(Date);
  });
});
