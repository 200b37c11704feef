import { recordAudit } from "@/lib/audit/record";
import { DomainError } from "@/lib/errors";
import { internalError, renderError } from "@/lib/http/errors";
import { log } from "@/lib/log";
import { findReport, getReport } from "@/lib/reports/get";
import { pageDb } from "@/lib/web/page-db";
import { webRouteCaller } from "@/lib/web/route-caller";
import { actorOf } from "@/lib/web/action";

// GET /informes/{id}/json – the report as a file, with the same body as GET /v1/reports/{id}
export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  const caller = await webRouteCaller(`/informes/${encodeURIComponent(id)}`);
  if (caller instanceof Response) return caller;
  try {
    const db = await pageDb();
    const body = await getReport(db, caller, id);
    if (caller.account.isAdmin) {
      // Only an admin can reach another account's report; that read is audited like the page's.
      const row = await findReport(db, caller, id);
      if (row.accountId !== caller.accountId) {
        await recordAudit(db, await actorOf(caller), "report.view", row.accountId, { report_id: row.id, cuit: row.cuit, format: "json" });
      }
    }
    return Response.json(body, {
      headers: { "Content-Disposition": `attachment; filename="informe-${body.cuit}-${body.informe_id}.json"`, "Cache-Control": "private, no-store" },
    });
  } catch (e) {
    if (e instanceof DomainError) return renderError(e);
    log().error({ err: e, reportId: id }, "report download failed");
    return renderError(internalError());
  }
}
