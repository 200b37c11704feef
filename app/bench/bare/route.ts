import { env } from "@/lib/env";

export const dynamic = "force-dynamic";

// GET /bench/bare – the framework's own ceiling: a JSON answer with no wrapper, no database and no rate limit.
// `npm run bench` measures every API endpoint as a ratio of this route in the same build and the same run, so that
// the figures say what our code costs on top of Next rather than how fast the machine is. Only a server started
// with LEGAJO_BENCH_ROUTES=1 (bench/api.ts) serves it, so the same build works both ways; anywhere else it is a path
// that does not exist, and an unlimited endpoint nobody needs.
export function GET(): Response {
  if (!env().LEGAJO_BENCH_ROUTES) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return Response.json({ ok: true });
}
