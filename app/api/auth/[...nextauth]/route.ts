import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/session";
import { env } from "@/lib/env";

// next-auth builds its callback URLs from NEXTAUTH_URL, or from the request's host when told to trust it.
const appUrl = env().APP_URL;
if (appUrl) process.env.NEXTAUTH_URL ??= appUrl;
else process.env.AUTH_TRUST_HOST ??= "true";

const handler = NextAuth(authOptions()) as (req: Request, ctx: unknown) => Promise<Response>;

export { handler as GET, handler as POST };
