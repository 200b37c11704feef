import { ResourceTemplate, type McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ErrorCode, McpError, type ResourceLink } from "@modelcontextprotocol/sdk/types.js";
import { DomainError } from "@/lib/errors";
import { getReport } from "@/lib/reports/get";
import { McpRefusal, refusalOf, spend, type McpContext } from "./context";
import { httpStatus } from "@/lib/http/errors";

const REPORT_URI_TEMPLATE = "legajo://informes/{id}";

/** A link to a report as a resource, for a client to read or keep. */
export const reportLink = (id: string, description: string): ResourceLink => ({
  type: "resource_link",
  uri: `legajo://informes/${id}`,
  name: id,
  description,
  mimeType: "application/json",
});

/** A missing report is a bad parameter (as the SDK answers an unknown resource); a refusal, a bad request. */
function errorCodeOf(err: unknown): ErrorCode {
  if (err instanceof DomainError) {
    const status = httpStatus(err.code);
    return status === 404 ? ErrorCode.InvalidParams : status < 500 ? ErrorCode.InvalidRequest : ErrorCode.InternalError;
  }
  return err instanceof McpRefusal ? ErrorCode.InvalidRequest : ErrorCode.InternalError;
}

/**
 * Every report of the account is also a resource, `legajo://informes/{id}`, read as the JSON of GET /v1/reports/{id}.
 * A read costs what obtener_informe costs (its rate limit and one MCP call). There is no listing: listar_informes
 * pages through the reports, and a listing that clients fetch on their own would spend calls nobody asked for.
 * Resource reads have no tool-error form, so a refusal is a JSON-RPC error carrying the same Spanish text.
 */
export function registerReportResource(server: McpServer, ctx: McpContext): void {
  server.registerResource(
    "informe",
    new ResourceTemplate(REPORT_URI_TEMPLATE, { list: undefined }),
    {
      title: "Informe de un CUIT",
      description: "Un informe de tu cuenta, con todas sus secciones, como lo devuelve obtener_informe.",
      mimeType: "application/json",
    },
    async (uri, variables) => {
      // Report ids are letters, digits and `_`: nothing to decode, and anything else is simply not found.
      const id = String(variables.id);
      try {
        await spend(ctx, "reportsGet");
        const report = await getReport(ctx.db, ctx.caller, id);
        return { contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(report) }] };
      } catch (err) {
        throw new McpError(errorCodeOf(err), refusalOf(err, ctx).message);
      }
    },
  );
}
