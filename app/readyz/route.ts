import { appReadiness } from "@/lib/health/readiness";

export const dynamic = "force-dynamic";

// GET /readyz – database, rate-limit store and storage reachable, each reported; 503 while one is not
export async function GET(): Promise<Response> {
  const report = await appReadiness();
  return Response.json(report, { status: report.status === "ready" ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
