import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { formatCuit } from "@/lib/cuit";
import { generateReport } from "@/lib/reports/generate";
import { getReport } from "@/lib/reports/get";
import { listReports } from "@/lib/reports/list";
import { quoteReport } from "@/lib/reports/quote";
import { parseQuoteCuit } from "@/lib/reports/request";
import type { QuoteResponse, ReportPostResponse } from "@/lib/schemas/reports";
import type { McpContext } from "./context";
import { reportLink } from "./report-resource";
import { runTool } from "./run-tool";
import { TOOL_DEFINITIONS } from "./tool-definitions";

const STATUS = { ok: "completo", parcial: "parcial", no_resuelto: "sin resolver" } as const;
const TIPO = { nuevo: "un informe nuevo", actualizacion: "una actualización" } as const;

function quoteText(q: QuoteResponse): string {
  const what = `Generarlo ahora sería ${TIPO[q.tipo_accion_estimado]} del CUIT ${formatCuit(q.cuit)}`;
  return q.alcanza ? `${what}, y podés hacerlo. Cotizar no cobra nada.` : `${what}. ${q.mensaje ?? "No podés generarlo ahora."}`;
}

function generatedText(r: ReportPostResponse, replayed: boolean): string {
  const cuit = formatCuit(r.cuit);
  if (replayed) return `Esta clave_idempotencia ya generó el informe ${r.informe_id} del CUIT ${cuit}: se devuelve el mismo, sin volver a cobrar.`;
  if (r.status === "no_resuelto") return `Ninguna fuente conoce el CUIT ${cuit}: el informe quedó sin resolver y no se cobró.`;
  return `Informe ${STATUS[r.status]} del CUIT ${cuit} (${r.informe_id}), cobrado como ${TIPO[r.tipo_accion ?? "nuevo"]}.`;
}

/** The report tools: the quote, the one tool that charges, and the two reads; each calls the API's own service. */
export function registerReportTools(server: McpServer, ctx: McpContext): void {
  const { db, caller } = ctx;

  // cotizar_informe – GET /v1/reports/quote
  server.registerTool("cotizar_informe", TOOL_DEFINITIONS.cotizar_informe, ({ cuit }) =>
    runTool(ctx, "reportsQuote", async () => {
      const data = await quoteReport(db, caller, parseQuoteCuit(cuit.replace(/[-\s.]/g, "")));
      return { data, text: quoteText(data) };
    }),
  );

  // generar_informe – POST /v1/reports: the same lock, billing and idempotency
  server.registerTool("generar_informe", TOOL_DEFINITIONS.generar_informe, ({ cuit, clave_idempotencia }) =>
    runTool(ctx, "reportsCreate", async () => {
      const idempotencyKey = clave_idempotencia?.toLowerCase() ?? null;
      const { body, replayed } = await generateReport(db, caller, { cuit, idempotencyKey });
      const links = body.informe_id ? [reportLink(body.informe_id, `Informe del CUIT ${formatCuit(body.cuit)}`)] : [];
      return { data: body, text: generatedText(body, replayed), links };
    }),
  );

  // obtener_informe – GET /v1/reports/{id}
  server.registerTool("obtener_informe", TOOL_DEFINITIONS.obtener_informe, ({ informe_id }) =>
    runTool(ctx, "reportsGet", async () => {
      const data = await getReport(db, caller, informe_id);
      const text = `Informe ${data.informe_id} del CUIT ${formatCuit(data.cuit)}: ${STATUS[data.status]}, generado el ${data.generated_at}.`;
      return { data, text, links: [reportLink(data.informe_id, `Informe del CUIT ${formatCuit(data.cuit)}`)] };
    }),
  );

  // listar_informes – GET /v1/reports
  server.registerTool("listar_informes", TOOL_DEFINITIONS.listar_informes, ({ limit, offset }) =>
    runTool(ctx, "reportsList", async () => {
      const data = await listReports(db, caller.accountId, { limit, offset });
      const text =
        data.items.length === 0
          ? "No hay informes en esta página."
          : `${data.items.length} informes, del ${offset + 1} al ${offset + data.items.length}${data.has_more ? "; hay más (subí offset)" : ""}.`;
      return { data, text };
    }),
  );
}
