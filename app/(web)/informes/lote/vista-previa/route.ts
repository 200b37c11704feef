import { appOrigin, isTrustedOrigin } from "@/lib/auth/origin";
import { previewList } from "@/lib/batches/preview";
import { UPLOAD_MAX_BYTES } from "@/lib/batches/upload";
import { env } from "@/lib/env";
import { DomainError } from "@/lib/errors";
import { internalError, renderError } from "@/lib/http/errors";
import { log } from "@/lib/log";
import { pageDb } from "@/lib/web/page-db";
import { enforceWebLimit } from "@/lib/web/rate-limit";
import { verifiedCaller } from "@/lib/web/reports";
import { webRouteCaller } from "@/lib/web/route-caller";

const NO_STORE = { "Cache-Control": "private, no-store" };

const tooLarge = () =>
  new DomainError("archivo_demasiado_grande", { text: "El archivo pesa más de 5 MB. Subí uno más chico o dividí la lista en varios lotes." });

// POST /informes/lote/vista-previa – an uploaded CSV/XLSX or a pasted list, checked row by row and quoted; charges nothing
export async function POST(req: Request): Promise<Response> {
  const caller = await webRouteCaller("/informes/lote");
  if (caller instanceof Response) return caller;
  try {
    if (!isTrustedOrigin(req.headers, appOrigin(req), env().TRUSTED_ORIGINS)) throw new DomainError("forbidden");
    // The multipart envelope adds a little to the file; a body far past the limit is refused before it is read.
    if (Number(req.headers.get("content-length") ?? 0) > UPLOAD_MAX_BYTES + 64 * 1024) throw tooLarge();
    await enforceWebLimit("reportsQuote", caller.accountId);
    const body = Buffer.from(await req.arrayBuffer());
    if (body.length > UPLOAD_MAX_BYTES) throw tooLarge();
    // The file as the raw body (its name in a header), or the pasted list as text: not a multipart form, which the
    // proxy takes for a server action and holds to the actions' 64 KiB.
    const pasted = (req.headers.get("content-type") ?? "").startsWith("text/plain");
    const name = decodeURIComponent(req.headers.get("x-archivo") ?? "lista");
    const preview = await previewList(await pageDb(), verifiedCaller(caller), {
      file: pasted ? null : new File([body], name),
      text: pasted ? body.toString("utf8") : "",
    });
    return Response.json(preview, { headers: NO_STORE });
  } catch (e) {
    if (e instanceof DomainError) return renderError(e, NO_STORE);
    log().error({ err: e }, "batch preview failed");
    return renderError(internalError(), NO_STORE);
  }
}
