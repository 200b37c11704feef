import { appOrigin } from "@/lib/auth/origin";
import { webCaller } from "@/lib/auth/web";
import { mayDownloadSnapshots, snapshotLink } from "@/lib/catalog/snapshot-link";
import { viewerOf } from "@/lib/catalog/visibility";
import { ApiError } from "@/lib/http/errors";
import { log } from "@/lib/log";
import { pageDb } from "@/lib/web/page-db";
import { enforceWebLimit } from "@/lib/web/rate-limit";

/** A relative redirect: the browser resolves it against the address it used, whatever the proxy in front. */
const goTo = (location: string, status = 303) => new Response(null, { status, headers: { Location: location, "Cache-Control": "no-store" } });

/** The API's error codes as the dataset page's `?descarga=` messages. */
function pageCode(e: ApiError): string {
  if (e.code === "format_not_available") return "formato";
  if (e.code === "not_found") return "sin-snapshot";
  if (e.code === "rate_limited") return "limite";
  return "error";
}

// GET /datasets/{id}/descargar?formato= – a fresh signed link to the current snapshot, for the page's download buttons
export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  const page = `/datasets/${encodeURIComponent(id)}`;
  const back = (code: string) => goTo(`${page}?descarga=${code}#snapshot`);
  const caller = await webCaller();
  if (!caller) return goTo(`/login?next=${encodeURIComponent(page)}`);
  if (caller.account.suspended) return back("suspendida");
  if (!caller.plan) return back("error");
  // The API's plan gate (spec 5.5) and its signed-link service, with the same per-account rate limit.
  if (!mayDownloadSnapshots(caller.account)) return back("plan");
  try {
    await enforceWebLimit("snapshot", caller.accountId);
    const format = new URL(req.url).searchParams.get("formato") ?? "parquet";
    const link = await snapshotLink(await pageDb(), viewerOf(caller), id, format, appOrigin(req));
    return goTo(link.url, 302);
  } catch (e) {
    if (e instanceof ApiError) return back(pageCode(e));
    log().error({ err: e, datasetId: id }, "snapshot download link failed");
    return back("error");
  }
}
