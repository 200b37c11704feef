import type { Metadata } from "next";
import { headers } from "next/headers";
import { FieldTable } from "@/components/docs/field-table";
import { MethodBadge, Operation, operationAnchor } from "@/components/docs/operation";
import { RichText } from "@/components/docs/rich-text";
import { schemaAnchor } from "@/components/docs/type-label";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { curlExample, fieldRows, operationsOf, type OpenApiDocument } from "@/lib/openapi/describe";
import { openApiDocument } from "@/lib/openapi/document";
import { ownOrigin } from "@/lib/web/request-origin";

export const metadata: Metadata = { title: "Referencia de la API" };

// /docs – the API reference, rendered on the server from the same document GET /v1/openapi.json serves
export default async function DocsPage() {
  const origin = ownOrigin(await headers());
  const doc = openApiDocument(origin) as unknown as OpenApiDocument;
  const operations = operationsOf(doc);
  const tags = doc.tags.filter((t) => operations.some((o) => o.tag === t.name));
  const schemas = Object.entries(doc.components.schemas).sort(([a], [b]) => a.localeCompare(b));

  return (
    <div className="space-y-10">
      <PageHeader
        title="Referencia de la API"
        description={`Legajo API ${doc.info.version}, OpenAPI ${doc.openapi}. Esta página se genera del mismo documento que sirve GET /v1/openapi.json.`}
        actions={
          <a href="/v1/openapi.json" className={buttonClass("secondary")}>
            Descargar openapi.json
          </a>
        }
      />

      <Card title="Cómo empezar">
        <RichText text={doc.info.description} className="text-sm text-slate-700" />
        <p className="mt-3 text-sm text-slate-700">
          Base: <code className="font-mono">{origin}</code>. Las claves se crean en{" "}
          <a href="/cuenta/claves" className="text-teal-800 underline">
            Mi cuenta → Claves de API
          </a>
          .
        </p>
        <p className="mt-3 text-sm text-slate-700">
          ¿Usás un asistente de IA? Legajo también es un servidor MCP:{" "}
          <a href="/docs/mcp" className="text-teal-800 underline">
            Usar Legajo desde tu asistente
          </a>
          .
        </p>
      </Card>

      <nav aria-label="Operaciones" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">Operaciones</h2>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          {tags.map((tag) => (
            <div key={tag.name}>
              <h3 className="text-sm font-semibold text-slate-700" lang="en">
                {tag.name}
              </h3>
              <ul className="mt-1 space-y-1">
                {operations
                  .filter((op) => op.tag === tag.name)
                  .map((op) => (
                    <li key={op.id} className="flex items-center gap-2 text-sm">
                      <MethodBadge method={op.method} />
                      <a href={`#${operationAnchor(op)}`} className="font-mono text-teal-800 underline underline-offset-2 break-all">
                        {op.path}
                      </a>
                    </li>
                  ))}
              </ul>
            </div>
          ))}
        </div>
      </nav>

      {tags.map((tag) => (
        <section key={tag.name} aria-labelledby={`tag-${tag.name}`} className="space-y-4">
          <div>
            <h2 id={`tag-${tag.name}`} className="text-xl font-semibold text-slate-900" lang="en">
              {tag.name}
            </h2>
            <RichText text={tag.description} className="text-sm text-slate-600" />
          </div>
          {operations
            .filter((op) => op.tag === tag.name)
            .map((op) => (
              <Operation key={op.id} op={op} curl={curlExample(doc, op, origin)} />
            ))}
        </section>
      ))}

      <section aria-labelledby="esquemas" className="space-y-4">
        <h2 id="esquemas" className="text-xl font-semibold text-slate-900">
          Esquemas
        </h2>
        {schemas.map(([name, schema]) => (
          <section key={name} id={schemaAnchor(name)} aria-labelledby={`${schemaAnchor(name)}-t`} className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
            <h3 id={`${schemaAnchor(name)}-t`} className="font-mono text-base font-semibold text-slate-900">
              {name}
            </h3>
            <RichText text={schema.description} className="mt-1 text-sm text-slate-600" />
            <div className="mt-3">
              {schema.properties ? (
                <FieldTable caption={`Campos de ${name}`} rows={fieldRows(schema)} />
              ) : (
                <p className="flex flex-wrap gap-x-2 gap-y-1 text-sm text-slate-700">
                  {Array.isArray(schema.enum) ? (
                    <>
                      Valores:
                      {schema.enum.map((v) => (
                        <code key={String(v)} className="font-mono">
                          {JSON.stringify(v)}
                        </code>
                      ))}
                    </>
                  ) : (
                    <>
                      Tipo: <code className="font-mono">{schema.type ?? "objeto"}</code>
                    </>
                  )}
                </p>
              )}
            </div>
          </section>
        ))}
      </section>
    </div>
  );
}
