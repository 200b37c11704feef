import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { registerBalanceTool } from "./balance-tool";
import { registerCatalogTools } from "./catalog-tools";
import type { McpContext } from "./context";
import { registerReportResource } from "./report-resource";
import { registerReportTools } from "./report-tools";

const INSTRUCTIONS = `Legajo: informes normalizados de empresas y personas de Argentina por CUIT, y un catálogo de datasets públicos.
Antes de generar un informe, cotizalo con cotizar_informe: generar_informe cobra (el primero de un CUIT es un informe nuevo; los siguientes, actualizaciones a la cuarta parte). Pasá una clave_idempotencia (UUID) para poder reintentar sin cobrar dos veces.
Cada llamada a una herramienta y cada lectura de un recurso cuenta como una consulta MCP del mes de tu plan; consultar_saldo dice cuántas quedan.`;

/** Far above any valid message of these tools, as the API's own body limit. */
const MAX_BODY_BYTES = 64 * 1024;

/** A server for one request, bound to its caller: every tool acts as that caller and nobody else. */
export function createMcpServer(ctx: McpContext): McpServer {
  const server = new McpServer({ name: "legajo", title: "Legajo", version: "1.0.0" }, { instructions: INSTRUCTIONS });
  registerReportTools(server, ctx);
  registerBalanceTool(server, ctx);
  registerCatalogTools(server, ctx);
  registerReportResource(server, ctx);
  return server;
}

/**
 * One POST to /mcp, stateless: a new server and transport per request, so any instance answers any request and
 * nothing outlives it. Answers are plain JSON rather than an event stream, since no tool sends progress; the
 * transport resolves once every message of the request has its answer, and only then is the server closed.
 */
export async function handleMcpRequest(ctx: McpContext): Promise<Response> {
  const server = createMcpServer(ctx);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MAX_BODY_BYTES,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(ctx.req);
  } finally {
    await server.close();
  }
}
