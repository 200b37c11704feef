import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, openDatabase } from "@/bench/lib/database";
import type { Db } from "@/db/client";
import { accounts, balances, mcpUsage, reports, type PlanTier } from "@/db/schema";
import { revokeApiKey } from "@/lib/auth/api-keys";
import { localMonth } from "@/lib/clock";
import type { DemoOutcomes } from "@/lib/sources/demo/outcomes";
import { startNext, waitFor, type NextServer } from "@/scripts/lib/next-process";
import type { TestAccount } from "../helpers/accounts";
import { OPERATOR } from "@/lib/audit/record";

/**
 * The MCP server as an assistant sees it: the SDK's own client over Streamable HTTP, against `next start` of a
 * production build on a fresh embedded database with the demo data.
 *
 *   npm run build && npx vitest run --project mcp              (NEXT_DIST_DIR picks another build, e.g. .next-mcp)
 */
const distDir = process.env.NEXT_DIST_DIR ?? ".next";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "legajo-mcp-"));

let db: Db;
let server: NextServer;
let cuits: DemoOutcomes;
let newAccount: (options: { plan: PlanTier }) => Promise<TestAccount>;
const clients: Client[] = [];

const TOOLS = ["buscar_datasets", "consultar_saldo", "cotizar_informe", "detalle_dataset", "generar_informe", "listar_informes", "obtener_informe"];

async function connect(key: string): Promise<Client> {
  const client = new Client({ name: "legajo-tests", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${key}` } },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

const call = (client: Client, name: string, args: Record<string, unknown> = {}) =>
  client.callTool({ name, arguments: args }) as Promise<CallToolResult>;

const textOf = (result: CallToolResult): string =>
  result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");

const structured = (result: CallToolResult): Record<string, any> => {
  expect(result.isError, textOf(result)).toBeFalsy();
  return result.structuredContent as Record<string, any>;
};

async function usage(accountId: string): Promise<number> {
  const [row] = await db
    .select({ calls: mcpUsage.calls })
    .from(mcpUsage)
    .where(and(eq(mcpUsage.accountId, accountId), eq(mcpUsage.period, localMonth(new Date()))));
  return row?.calls ?? 0;
}

beforeAll(async () => {
  if (!fs.existsSync(path.join(distDir, "BUILD_ID"))) throw new Error(`no build in ${distDir}: run npm run build first`);
  db = await openDatabase(dataDir, { demoCuits: 100 });
  // Imported once the environment points at this data dir: the helper reads it for the session secret.
  ({ newAccount } = await import("../helpers/accounts"));
  server = await startNext({ distDir, env: { DATA_DIR: dataDir, LOG_LEVEL: "warn" } });
  await waitFor(server, "/readyz", 200, 180_000);
  const { demoOutcomes } = await import("@/lib/sources/demo/outcomes");
  cuits = await demoOutcomes(db, 6);
}, 300_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
  await server?.stop();
  await closeDatabase(dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("POST /mcp: connection and discovery", () => {
  it("answers initialize with the server's name, its tools and resources, and how calls are counted", async () => {
    const { key } = await newAccount({ plan: "pro" });
    const client = await connect(key);
    expect(client.getServerVersion()).toMatchObject({ name: "legajo", version: "1.0.0" });
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, resources: {} });
    expect(client.getInstructions()).toContain("consulta MCP");
  });

  it("lists the seven tools with Spanish descriptions and the API's schemas", async () => {
    const { key } = await newAccount({ plan: "pro" });
    const { tools } = await (await connect(key)).listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    for (const tool of tools) {
      expect(tool.description).toMatch(/\b(tu|del|los|las|sin)\b/);
      expect(tool.inputSchema).toMatchObject({ type: "object", additionalProperties: false });
      expect(tool.outputSchema).toMatchObject({ type: "object" });
    }
    expect(byName.cotizar_informe.inputSchema.required).toEqual(["cuit"]);
    expect(byName.generar_informe.inputSchema.required).toEqual(["cuit"]);
    expect(Object.keys(byName.generar_informe.inputSchema.properties ?? {})).toEqual(["cuit", "clave_idempotencia"]);
    expect(byName.generar_informe.description).toContain("Sin clave no se deriva ninguna");
    expect(byName.generar_informe.annotations).toMatchObject({ readOnlyHint: false });
    expect(byName.obtener_informe.inputSchema.required).toEqual(["informe_id"]);
    expect(byName.listar_informes.inputSchema.properties).toMatchObject({
      limit: { type: "integer", minimum: 1, maximum: 50, default: 10 },
      offset: { type: "integer", minimum: 0, default: 0 },
    });
    expect(byName.consultar_saldo.inputSchema.properties ?? {}).toEqual({});
    expect(byName.buscar_datasets.inputSchema.required ?? []).toEqual([]);
    expect(byName.detalle_dataset.inputSchema.required).toEqual(["dataset_id"]);
    expect(Object.keys(byName.cotizar_informe.outputSchema?.properties ?? {})).toEqual(
      expect.arrayContaining(["tipo_accion_estimado", "costo_maximo_unidades", "alcanza"]),
    );
    expect(byName.consultar_saldo.outputSchema?.properties).toHaveProperty("consultas_mcp");
  });

  it("offers every report as the resource template legajo://informes/{id}", async () => {
    const { key } = await newAccount({ plan: "pro" });
    const { resourceTemplates } = await (await connect(key)).listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(["legajo://informes/{id}"]);
  });

  it("has no server stream to open: GET /mcp is 405", async () => {
    const res = await fetch(`${server.url}/mcp`);
    expect(res.status).toBe(405);
  });
});

describe("POST /mcp: authentication", () => {
  it("refuses a request without a key with 401 before reading its body", async () => {
    const res = await fetch(`${server.url}/mcp`, { method: "POST", headers: { "content-type": "application/json" }, body: "{not json" });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: "unauthenticated" });
  });

  it("refuses a revoked key with 401", async () => {
    const account = await newAccount({ plan: "pro" });
    await revokeApiKey(db, account.accountId, account.keyId, OPERATOR);
    await expect(connect(account.key)).rejects.toMatchObject({ code: 401 });
  });
});

describe("the API's gates and rate limits", () => {
  it("refuses a suspended account with 403, as the API does", async () => {
    const account = await newAccount({ plan: "pro" });
    await db.update(accounts).set({ suspended: true }).where(eq(accounts.id, account.accountId));
    await expect(connect(account.key)).rejects.toMatchObject({ code: 403 });
  });

  it("counts each tool against the budget of the API operation it mirrors, and a call past it is a tool error costing no quota", async () => {
    const account = await newAccount({ plan: "ultimate" });
    const client = await connect(account.key);
    // GET /v1/balance allows 20 a minute per account; REST and MCP share them.
    for (let i = 0; i < 10; i++) expect((await fetch(`${server.url}/v1/balance`, { headers: { authorization: `Bearer ${account.key}` } })).status).toBe(200);
    for (let i = 0; i < 10; i++) structured(await call(client, "consultar_saldo"));
    const limited = await call(client, "consultar_saldo");
    expect(limited.isError).toBe(true);
    expect(textOf(limited)).toMatch(/^Demasiadas consultas seguidas\. Esperá \d+ s y reintentá\.$/);
    expect(await usage(account.accountId)).toBe(10);
  });
});

describe("the tools, each on the API's own service", () => {
  it("serves a Pro account, whose plan has no REST API, over its own channel", async () => {
    const { key } = await newAccount({ plan: "pro" });
    const rest = await fetch(`${server.url}/v1/balance`, { headers: { authorization: `Bearer ${key}` } });
    expect(rest.status).toBe(403);
    expect(structured(await call(await connect(key), "consultar_saldo")).cupo.unidades_mensuales).toBe(4000);
  });

  it("quotes, generates, reads, lists and links a report, and reports the balance and the calls left", async () => {
    const account = await newAccount({ plan: "pro" });
    const client = await connect(account.key);
    const cuit = cuits.ok[0];

    const quote = structured(await call(client, "cotizar_informe", { cuit }));
    expect(quote).toMatchObject({ cuit, tipo_accion_estimado: "nuevo", costo_maximo_unidades: 200, alcanza: true });

    const generated = await call(client, "generar_informe", { cuit });
    const report = structured(generated);
    expect(report).toMatchObject({ cuit, tipo_accion: "nuevo", costo_unidades: 200, cache_hit: false });
    expect(textOf(generated)).toContain(report.informe_id);
    expect(generated.content).toContainEqual(expect.objectContaining({ type: "resource_link", uri: `legajo://informes/${report.informe_id}` }));

    const fetched = structured(await call(client, "obtener_informe", { informe_id: report.informe_id }));
    expect(fetched).toEqual({ cuit, sections: report.sections, status: report.status, generated_at: report.generated_at, informe_id: report.informe_id });

    const list = structured(await call(client, "listar_informes", { limit: 10, offset: 0 }));
    expect(list.items.map((i: { id: string }) => i.id)).toEqual([report.informe_id]);
    expect(list.has_more).toBe(false);

    const resource = await client.readResource({ uri: `legajo://informes/${report.informe_id}` });
    const [content] = resource.contents;
    expect(content).toMatchObject({ mimeType: "application/json" });
    expect(JSON.parse((content as { text: string }).text)).toEqual(fetched);

    const saldo = await call(client, "consultar_saldo");
    const balance = structured(saldo);
    expect(balance.cupo).toMatchObject({ unidades_disponibles: 3800, unidades_usadas: 200, unidades_mensuales: 4000 });
    // Four tool calls and one resource read before it, and itself.
    expect(balance.consultas_mcp).toEqual({ periodo: localMonth(new Date()), mensuales: 1000, usadas: 6, disponibles: 994 });
    expect(textOf(saldo)).toContain("994 de 1000 consultas MCP");
    expect(await usage(account.accountId)).toBe(6);
  });

  it("finds datasets by words, accents aside, and details one", async () => {
    const { key } = await newAccount({ plan: "pro" });
    const client = await connect(key);
    const all = structured(await call(client, "buscar_datasets"));
    expect(all.count).toBeGreaterThan(0);
    const first = all.datasets[0];

    const found = structured(await call(client, "buscar_datasets", { texto: first.name.toUpperCase() }));
    expect(found.datasets.map((d: { dataset_id: string }) => d.dataset_id)).toContain(first.dataset_id);
    expect(structured(await call(client, "buscar_datasets", { texto: "zzz-no-existe-zzz" }))).toEqual({ count: 0, datasets: [] });

    const detail = structured(await call(client, "detalle_dataset", { dataset_id: first.dataset_id }));
    expect(detail).toMatchObject({ dataset_id: first.dataset_id, name: first.name, source: first.source });
    const missing = await call(client, "detalle_dataset", { dataset_id: "no-existe" });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toContain("No hay un dataset visible");
  });
});

describe("generar_informe bills as POST /v1/reports", () => {
  it("charges once for two calls with one clave_idempotencia, and replays the same report", async () => {
    const account = await newAccount({ plan: "pro" });
    const client = await connect(account.key);
    const args = { cuit: cuits.ok[1], clave_idempotencia: randomUUID() };
    const first = structured(await call(client, "generar_informe", args));
    const second = await call(client, "generar_informe", args);
    expect(structured(second)).toMatchObject({ informe_id: first.informe_id, cache_hit: true });
    expect(textOf(second)).toContain("sin volver a cobrar");

    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(reports).where(eq(reports.accountId, account.accountId));
    expect(n).toBe(1);
    const [b] = await db.select().from(balances).where(eq(balances.accountId, account.accountId));
    expect(b.cupoUsed).toBe(200);
  });

  it("answers a CUIT that fails validation with a tool error in Spanish", async () => {
    const { key } = await newAccount({ plan: "pro" });
    const result = await call(await connect(key), "generar_informe", { cuit: "30-50001091-3" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/verificador|CUIT/);
  });

  it("does not find another account's report, by tool or as a resource", async () => {
    const owner = await newAccount({ plan: "pro" });
    const report = structured(await call(await connect(owner.key), "generar_informe", { cuit: cuits.ok[2] }));
    const other = await connect((await newAccount({ plan: "pro" })).key);
    const result = await call(other, "obtener_informe", { informe_id: report.informe_id });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe("No existe un informe con ese id en tu cuenta.");
    await expect(other.readResource({ uri: `legajo://informes/${report.informe_id}` })).rejects.toThrow("No existe un informe con ese id en tu cuenta.");
  });
});

describe("the monthly quota of MCP calls", () => {
  it("makes every tool call of a plan without MCP (0 calls) a tool error with the upgrade URL, counting nothing", async () => {
    const account = await newAccount({ plan: "free" });
    const client = await connect(account.key);
    expect((await client.listTools()).tools).toHaveLength(TOOLS.length);
    for (const name of ["consultar_saldo", "buscar_datasets"]) {
      const result = await call(client, name);
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toBeUndefined();
      expect(textOf(result)).toContain("Tu plan no incluye consultas MCP");
      expect(textOf(result)).toContain(`${server.url}/planes`);
    }
    expect(await usage(account.accountId)).toBe(0);
  });

  it("lets exactly the calls left through when many race for the last ones, never counting past the quota", async () => {
    const account = await newAccount({ plan: "starter" });
    // Starter has 100 calls a month; 95 are spent already.
    await db.insert(mcpUsage).values({ accountId: account.accountId, period: localMonth(new Date()), calls: 95 });
    const client = await connect(account.key);
    const results = await Promise.all(Array.from({ length: 20 }, () => call(client, "buscar_datasets")));
    expect(results.filter((r) => !r.isError)).toHaveLength(5);
    const refused = results.filter((r) => r.isError);
    expect(refused).toHaveLength(15);
    for (const r of refused) expect(textOf(r)).toContain("Usaste las 100 consultas MCP de tu plan de este mes");
    expect(await usage(account.accountId)).toBe(100);
    expect((await call(client, "consultar_saldo")).isError).toBe(true);
    expect(await usage(account.accountId)).toBe(100);
  });
});
