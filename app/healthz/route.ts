export const dynamic = "force-dynamic";

// GET /healthz – the process is alive and serving; touches no dependency, so a slow database never gets a healthy instance restarted
export function GET(): Response {
  return Response.json({ status: "ok", uptime_seconds: Math.round(process.uptime()) }, { headers: { "Cache-Control": "no-store" } });
}
