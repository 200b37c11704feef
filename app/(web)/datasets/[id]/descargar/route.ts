import { appOrigin } from "@/lib/auth/origin";
import { parseSnapshotDate } from "@/lib/catalog/history";
import { takeCsvDownload } from "@/lib/catalog/csv-quota";
import { snapshotLink } from "@/lib/catalog/snapshot-link";
import { includesFormat, webDownloadRights } from "@/lib/catalog/web-downloads";
import { now } from "@/lib/clock";
import { viewerOf } from "@/lib/catalog/visibility";
import { DomainError } from "@/lib/errors";
import { log } from "@/lib/log";
import { pageDb } from "@/lib/web/page-db";
import { webRouteCaller } from "@/lib/web/route-caller";
import { enforceWebLimit } from "@/lib/web/rate-limit";

/** A relative redirect: the browser resolves it against the address it used, whatever the proxy in front. */
const goTo = (location: string, status = 303) => new Response(null, { status, headers: { Location: location, "Cache-Control": "no-store" } });

/** The API's error codes as the dataset page's `?descarga=` messages. */
function pageCode(e: DomainError, dated: boolean): string {
  if (e.code === "format_not_available") return "formato";
  if (e.code === "not_found" || e.code === "parametro_invalido") return dated ? "sin-fecha" : "sin-snapshot";
  if (e.code === "rate_limited") return "limite";
  return "error";
}

// GET /datasets/{id}/descargar?formato=&fecha= – a fresh signed link to the current (or that date's) snapshot, for the page's download buttons
export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  const page = `/datasets/${encodeURIComponent(id)}`;
  const search = new URL(req.url).searchParams;
  const dated = search.has("fecha");
  const back = (code: string) => goTo(`${page}?descarga=${code}#snapshot`);
  const caller = await webRouteCaller(page);
  if (caller instanceof Response) return caller;
  if (!caller.plan) return back("error");
  // The plan as sold (lib/catalog/web-downloads.ts): Parquet where the plan has it, CSV within its monthly count.
  const rights = webDownloadRights(caller.account, caller.plan);
  const format = search.get("formato") ?? (rights.parquet ? "parquet" : "csv");
  // Anything but CSV (Parquet, the manifest) needs Parquet rights.
  if (format === "csv" ? !includesFormat(rights, "csv") : !rights.parquet) return back("plan");
  try {
    await enforceWebLimit("snapshot", caller.accountId);
    const db = await pageDb();
    const link = await snapshotLink(db, viewerOf(caller), id, format, appOrigin(req), parseSnapshotDate(search.get("fecha")));
    // Counted only once the link exists, so a missing snapshot or format never spends a download.
    if (format === "csv" && rights.csvMonthly !== null && !(await takeCsvDownload(db, caller.accountId, rights.csvMonthly, now())).ok) return back("cuota");
    return goTo(link.url, 302);
  } catch (e) {
    if (e instanceof DomainError) return back(pageCode(e, dated));
    log().error({ err: e, datasetId: id }, "snapshot download link failed");
    return back("error");
  }
}
