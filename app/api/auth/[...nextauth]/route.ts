import NextAuth from "next-auth";
import { authRoute, type AuthRouteHandler } from "@/lib/auth/auth-route";
import { authOptions } from "@/lib/auth/session";
import { env } from "@/lib/env";

// next-auth builds its callback URLs from NEXTAUTH_URL, or from the request's host when told to trust it.
const appUrl = env().APP_URL;
if (appUrl) process.env.NEXTAUTH_URL ??= appUrl;
else process.env.AUTH_TRUST_HOST ??= "true";

// Every next-auth route, with its body capped and a throttled sign-in answered 429 (lib/auth/auth-route.ts).
const handler = authRoute(NextAuth(authOptions()) as AuthRouteHandler);

export { handler as GET, handler as POST };
