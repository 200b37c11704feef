import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { PageHeader } from "@/components/ui/page-header";
import { Table, tdClass, thClass } from "@/components/ui/table";
import { getPrices } from "@/lib/billing/prices";
import { toolArguments, TOOL_NAMES } from "@/lib/mcp/tool-arguments";
import { TOOL_DEFINITIONS } from "@/lib/mcp/tool-definitions";
import { pageDb } from "@/lib/web/page-db";
import { planName, quotaValue } from "@/lib/web/plans";
import { ownOrigin } from "@/lib/web/request-origin";

export const metadata: Metadata = { title: "Usar Legajo desde tu asistente" };

function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <div className="mt-3">
      <div className="mb-2 flex justify-end">
        <CopyButton value={code} label="Copiar" />
      </div>
      <pre className="overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100" tabIndex={0} aria-label={label}>
        <code>{code}</code>
      </pre>
    </div>
  );
}

// /docs/mcp – how to connect an assistant to the MCP server at /mcp, and what its tools do
export default async function McpDocsPage() {
  const [origin, prices] = await Promise.all([headers().then(ownOrigin), pageDb().then(getPrices)]);
  const endpoint = `${origin}/mcp`;
  const config = JSON.stringify({ mcpServers: { legajo: { type: "http", url: endpoint, headers: { Authorization: "Bearer lgj_TU_CLAVE" } } } }, null, 2);
  const claudeCode = `claude mcp add --transport http legajo ${endpoint} --header "Authorization: Bearer lgj_TU_CLAVE"`;

  return (
    <div className="space-y-8">
      <PageHeader
        title="Usar Legajo desde tu asistente"
        description="Legajo es también un servidor MCP (Model Context Protocol): conectalo a tu asistente de IA y pedile en lenguaje natural que cotice o genere informes de un CUIT, consulte tu saldo o busque datasets del catálogo."
      />

      <Card title="Endpoint y autenticación">
        <dl className="grid gap-x-6 gap-y-2 text-sm text-slate-700 sm:grid-cols-[max-content_1fr]">
          <dt className="font-semibold text-slate-900">Endpoint</dt>
          <dd>
            <code className="font-mono break-all">{endpoint}</code>
          </dd>
          <dt className="font-semibold text-slate-900">Transporte</dt>
          <dd>Streamable HTTP, sin sesión: cada pedido es un POST independiente y las respuestas son JSON.</dd>
          <dt className="font-semibold text-slate-900">Autenticación</dt>
          <dd>
            La misma clave de API que usás con la API REST, en el encabezado <code className="font-mono">Authorization: Bearer lgj_…</code>. Las
            claves se crean en{" "}
            <a href="/cuenta/claves" className="text-teal-800 underline">
              Mi cuenta → Claves de API
            </a>
            . Sin clave, o con una revocada o vencida, el servidor responde 401.
          </dd>
        </dl>
      </Card>

      <Card title="Configurar tu cliente">
        <p className="text-sm text-slate-700">
          La mayoría de los clientes MCP aceptan un servidor remoto con una URL y encabezados. El formato exacto depende del cliente; este es el
          más común:
        </p>
        <CodeBlock code={config} label="Configuración de ejemplo de un cliente MCP" />
        <p className="mt-4 text-sm text-slate-700">Con Claude Code, desde la terminal:</p>
        <CodeBlock code={claudeCode} label="Comando de Claude Code para agregar Legajo" />
        <p className="mt-4 text-sm text-slate-700">
          Guardá la clave como un secreto: quien la tenga puede generar informes que se cobran a tu cuenta.
        </p>
      </Card>

      <Card title="Herramientas" description="Nombres, descripciones y argumentos tal como los recibe tu asistente. Las respuestas traen los datos estructurados (los mismos campos que la API REST) y un resumen en castellano.">
        <div className="space-y-6">
          {TOOL_NAMES.map((name) => (
            <section key={name} aria-labelledby={`tool-${name}`} className="border-t border-slate-100 pt-4 first:border-0 first:pt-0">
              <h3 id={`tool-${name}`} className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                <code className="font-mono">{name}</code>
                <span className="font-normal text-slate-600">{TOOL_DEFINITIONS[name].title}</span>
                {!TOOL_DEFINITIONS[name].annotations.readOnlyHint && <Badge tone="info">cobra</Badge>}
              </h3>
              <p className="mt-1 text-sm text-slate-700">{TOOL_DEFINITIONS[name].description}</p>
              {toolArguments(name).length > 0 ? (
                <ul className="mt-2 space-y-1 text-sm text-slate-700">
                  {toolArguments(name).map((arg) => (
                    <li key={arg.name}>
                      <code className="font-mono font-semibold">{arg.name}</code> ({arg.type}, {arg.required ? "requerido" : "opcional"}): {arg.description}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-2 text-sm text-slate-600">Sin argumentos.</p>
              )}
            </section>
          ))}
        </div>
      </Card>

      <Card title="Informes como recursos">
        <p className="text-sm text-slate-700">
          Cada informe de tu cuenta es también el recurso <code className="font-mono">legajo://informes/{"{id}"}</code>, con el mismo contenido que
          devuelve <code className="font-mono">obtener_informe</code>. Las respuestas de <code className="font-mono">generar_informe</code> y{" "}
          <code className="font-mono">obtener_informe</code> traen el enlace al recurso.
        </p>
      </Card>

      <Card title="Consultas MCP de tu plan">
        <p className="text-sm text-slate-700">
          Cada llamada a una herramienta y cada lectura de un recurso es una consulta MCP, también las que terminan en error (no cuentan las que se
          rechazan antes de correr: argumentos que no cumplen el esquema o un límite por minuto superado). Se cuentan por mes calendario
          (hora de Buenos Aires) y <code className="font-mono">consultar_saldo</code> dice cuántas te quedan. Si tu plan no incluye consultas MCP, o
          ya usaste las del mes, la herramienta responde con un error que lo explica y enlaza a los{" "}
          <Link href="/planes" className="text-teal-800 underline">
            planes
          </Link>
          . Los límites por minuto son los mismos que los de la operación equivalente de la API REST, y se comparten con ella. Generar un informe
          cobra lo mismo que por la API o la web.
        </p>
        <div className="mt-4">
          <Table caption="Consultas MCP por mes, por plan">
            <thead>
              <tr>
                <th scope="col" className={thClass}>
                  Plan
                </th>
                <th scope="col" className={thClass}>
                  Consultas MCP
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {prices.plans.map((p) => (
                <tr key={p.plan_tier}>
                  <td className={tdClass}>{planName(p)}</td>
                  <td className={tdClass}>{quotaValue(p.mcp_calls_monthly)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      </Card>
    </div>
  );
}
