export const dynamic = "force-dynamic";

// GET /bench/bare – the framework's own ceiling: a JSON answer with no wrapper, no database and no rate limit.
// `npm run bench` measures every API endpoint as a ratio of this route in the same build and the same run, so that
// the figures say what our code costs on top of Next rather than how fast the machine is. Harmless to ship.
export function GET(): Response {
  return Response.json({ ok: true });
}
