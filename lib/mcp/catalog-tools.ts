import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { appOrigin } from "@/lib/auth/origin";
import { getDatasetDetail } from "@/lib/catalog/detail";
import { listDatasets } from "@/lib/catalog/list";
import { viewerOf } from "@/lib/catalog/visibility";
import type { McpContext } from "./context";
import { searchDatasets } from "./dataset-search";
import { runTool } from "./run-tool";
import { TOOL_DEFINITIONS } from "./tool-definitions";

/** The catalog tools, on the services behind GET /v1/datasets and GET /v1/datasets/{id}: what the caller's plan may see. */
export function registerCatalogTools(server: McpServer, ctx: McpContext): void {
  const { db, caller } = ctx;

  // buscar_datasets – GET /v1/datasets, filtered by words
  server.registerTool("buscar_datasets", TOOL_DEFINITIONS.buscar_datasets, ({ texto }) =>
    runTool(ctx, "catalog", async () => {
      const data = searchDatasets(await listDatasets(db, viewerOf(caller), appOrigin(ctx.req)), texto);
      const names = data.datasets.slice(0, 5).map((d) => `${d.name} (${d.dataset_id})`);
      const text =
        data.count === 0
          ? "Ningún dataset visible coincide con la búsqueda."
          : `${data.count} ${data.count === 1 ? "dataset" : "datasets"}: ${names.join("; ")}${data.count > names.length ? "; …" : ""}.`;
      return { data, text };
    }),
  );

  // detalle_dataset – GET /v1/datasets/{id}
  server.registerTool("detalle_dataset", TOOL_DEFINITIONS.detalle_dataset, ({ dataset_id }) =>
    runTool(ctx, "catalog", async () => {
      const data = await getDatasetDetail(db, viewerOf(caller), dataset_id);
      const snapshot = data.snapshot_date ? `instantánea actual del ${data.snapshot_date}, ${data.row_count ?? "?"} filas` : "todavía sin instantánea publicada";
      return { data, text: `${data.name} (${data.dataset_id}), de ${data.source.name}: ${snapshot}.` };
    }),
  );
}
