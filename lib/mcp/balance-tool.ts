import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { getBalance } from "@/lib/billing/balance";
import { coverage } from "@/lib/billing/costs";
import type { McpContext } from "./context";
import { runTool } from "./run-tool";
import type { McpQuota } from "./schemas";
import { TOOL_DEFINITIONS } from "./tool-definitions";

function quotaText(q: McpQuota): string {
  if (q.disponibles === null) return "Consultas MCP sin límite.";
  return `Te quedan ${q.disponibles} de ${q.mensuales} consultas MCP este mes.`;
}

/** consultar_saldo: the service behind GET /v1/balance, and the month's MCP calls. */
export function registerBalanceTool(server: McpServer, ctx: McpContext): void {
  const { db, caller } = ctx;

  // consultar_saldo – GET /v1/balance, plus the month's MCP calls
  server.registerTool("consultar_saldo", TOOL_DEFINITIONS.consultar_saldo, () =>
    runTool(ctx, "balance", async (quota) => {
      const balance = await getBalance(db, caller.accountId, caller.plan.informeCuitCupoMensualUnidades);
      const total = coverage(balance.cupo.unidades_disponibles + balance.comprado.unidades_disponibles);
      const text = `Tu saldo, cupo del mes y packs juntos, alcanza para ${total.informes_nuevos} informes nuevos o ${total.actualizaciones} actualizaciones. ${quotaText(quota)}`;
      return { data: { ...balance, consultas_mcp: quota }, text };
    }),
  );
}
