import type { Metadata } from "next";
import { headers } from "next/headers";
import { FieldTable } from "@/components/docs/field-table";
import { MethodBadge, Operation, operationAnchor, operationSummary } from "@/components/docs/operation";
import { RichText } from "@/components/docs/rich-text";
import { schemaAnchor } from "@/components/docs/type-label";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { curlExample, fieldRows, operationsOf, type OpenApiDocument } from "@/lib/openapi/describe";
import { openApiDocument } from "@/lib/openapi/document";
import { ownOrigin } from "@/lib/web/request-origin";
import { INTRO_ES, OPERATIONS_ES, TAGS_ES } from "./es";
import { OpenOnTarget } from "./open-on-target";

export const metadata: Metadata = { title: "Referencia de la API" };

// /docs – the API reference in Spanish: a side index and one anchored section per operation, rendered on the server
// from the same document GET /v1/openapi.json serves, with the Spanish prose of ./es.ts
export default async function DocsPage() {
  const origin = ownOrigin(await headers());
  const doc = openApiDocument(origin) as unknown as OpenApiDocument;
  const operations = operationsOf(doc);
  const tags = doc.tags.filter((t) => operations.some((o) => o.tag === t.name));
  const schemas = Object.entries(doc.components.schemas).sort(([a], [b]) => a.localeCompare(b));

  const byTag = (tag: string) => operations.filter((op) => op.tag === tag);
  const tagName = (tag: string) => TAGS_ES[tag]?.nombre ?? tag;

  return (
    <div>
      <PageHeader
        title="Referencia de la API"
        description={`Legajo API ${doc.info.version}, OpenAPI ${doc.openapi}. Esta página se genera del mismo documento que sirve GET /v1/openapi.json; las descripciones de campos y respuestas están en inglés, como en el documento.`}
        actions={
          <a href="/v1/openapi.json" className={buttonClass("secondary")}>
            Descargar openapi.json
          </a>
        }
      />
      <OpenOnTarget />
      <div className="lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-8">
        <nav aria-label="Operaciones" className="mb-8 rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:sticky lg:top-4 lg:mb-0 lg:max-h-[calc(100vh-2rem)] lg:self-start lg:overflow-y-auto">
          <h2 className="text-base font-semibold text-slate-900">Índice</h2>
          <ul className="mt-2 space-y-1 text-sm">
            <li>
              <a href="#como-empezar" className="text-teal-800 underline underline-offset-2">
                Cómo empezar
              </a>
            </li>
          </ul>
          {tags.map((tag) => (
            <div key={tag.name} className="mt-4">
              <h3 className="text-sm font-semibold text-slate-700">
                <a href={`#tag-${tag.name}`} className="hover:underline">
                  {tagName(tag.name)}
                </a>
              </h3>
              <ul className="mt-1 space-y-1.5">
                {byTag(tag.name).map((op) => {
                  const summary = operationSummary(op, OPERATIONS_ES[op.id]);
                  return (
                    <li key={op.id} className="text-sm">
                      <a href={`#${operationAnchor(op)}`} className="group block">
                        <span lang={summary.lang} className="text-teal-800 underline underline-offset-2">
                          {summary.text}
                        </span>
                        <span className="mt-0.5 flex items-center gap-1.5 text-xs text-slate-600">
                          <MethodBadge method={op.method} />
                          <span className="font-mono break-all">{op.path}</span>
                        </span>
                      </a>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
          <ul className="mt-4 space-y-1 text-sm">
            <li>
              <a href="#esquemas" className="text-teal-800 underline underline-offset-2">
                Esquemas
              </a>
            </li>
          </ul>
        </nav>

        <div className="min-w-0 space-y-10">
          <Card title="Cómo empezar" id="como-empezar" className="scroll-mt-24">
            <RichText text={INTRO_ES} lang="es" className="text-sm text-slate-700" />
            <p className="mt-3 text-sm text-slate-700">
              Base: <code className="font-mono break-all">{origin}</code>. Las claves se crean en{" "}
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

          {tags.map((tag) => (
            <section key={tag.name} id={`tag-${tag.name}`} aria-labelledby={`tag-${tag.name}-t`} className="scroll-mt-24 space-y-4">
              <div>
                <h2 id={`tag-${tag.name}-t`} className="text-xl font-semibold text-slate-900">
                  {tagName(tag.name)}
                </h2>
                {TAGS_ES[tag.name] ? (
                  <p className="text-sm text-slate-600">{TAGS_ES[tag.name].descripcion}</p>
                ) : (
                  <RichText text={tag.description} className="text-sm text-slate-600" />
                )}
              </div>
              {byTag(tag.name).map((op) => (
                <Operation key={op.id} op={op} curl={curlExample(doc, op, origin)} text={OPERATIONS_ES[op.id]} />
              ))}
            </section>
          ))}

          <section id="esquemas" aria-labelledby="esquemas-t" className="scroll-mt-24 space-y-4">
            <div>
              <h2 id="esquemas-t" className="text-xl font-semibold text-slate-900">
                Esquemas
              </h2>
              <p className="text-sm text-slate-600">Los cuerpos de pedidos y respuestas. Un tipo enlazado en una operación lleva a su esquema, con sus campos a la vista.</p>
            </div>
            {schemas.map(([name, schema]) => (
              <section key={name} id={schemaAnchor(name)} aria-labelledby={`${schemaAnchor(name)}-t`} className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
                <h3 id={`${schemaAnchor(name)}-t`} className="font-mono text-base font-semibold break-all text-slate-900">
                  {name}
                </h3>
                <RichText text={schema.description} className="mt-1 text-sm text-slate-600" />
                <div className="mt-3">
                  {schema.properties ? (
                    <details>
                      <summary className="cursor-pointer text-sm font-semibold text-brand-700 underline underline-offset-2">
                        Campos ({Object.keys(schema.properties).length})
                      </summary>
                      <div className="mt-2">
                        <FieldTable caption={`Campos de ${name}`} rows={fieldRows(schema)} />
                      </div>
                    </details>
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
      </div>
    </div>
  );
}
