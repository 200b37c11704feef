import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "@": path.resolve(import.meta.dirname) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node", env: { LOG_LEVEL: process.env.LOG_LEVEL ?? "fatal" } },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/global-setup.ts"],
          setupFiles: ["tests/setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        resolve: { alias },
        test: { name: "multi", include: ["tests/multi/**/*.test.ts"], environment: "node", testTimeout: 120_000, hookTimeout: 300_000 },
      },
      {
        // The MCP server over HTTP against `next start` of an existing build (NEXT_DIST_DIR, default .next).
        resolve: { alias },
        test: { name: "mcp", include: ["tests/mcp/**/*.test.ts"], environment: "node", testTimeout: 60_000, hookTimeout: 300_000 },
      },
    ],
  },
});
