import { afterEach, describe, expect, it, vi } from "vitest";

/** The route as a server started with `env` would serve it (lib/env.ts reads the environment once per process). */
async function routeWith(env: Record<string, string>) {
  vi.resetModules();
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
  return (await import("@/app/bench/bare/route")).GET;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("GET /bench/bare", () => {
  it("does not exist unless the server was started for the bench", async () => {
    expect((await routeWith({ LEGAJO_BENCH_ROUTES: "" }))().status).toBe(404);
    expect((await routeWith({ LEGAJO_BENCH_ROUTES: "0" }))().status).toBe(404);
  });

  it("answers the bench's baseline with LEGAJO_BENCH_ROUTES=1", async () => {
    const res = (await routeWith({ LEGAJO_BENCH_ROUTES: "1" }))();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });
});
