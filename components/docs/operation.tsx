import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { Table, tdClass, thClass } from "@/components/ui/table";
import type { OperationView } from "@/lib/openapi/describe";
import { RichText } from "./rich-text";
import { TypeText } from "./type-label";

const AUTH_TEXT: Record<OperationView["auth"], string> = {
  public: "Pública: no lleva credenciales.",
  optional: "Pública; una clave de API o una sesión amplía lo que se ve.",
  key: "Clave de API (Authorization: Bearer) o sesión web de la misma cuenta.",
};

export const operationAnchor = (op: OperationView) => `op-${op.id}`;

export function MethodBadge({ method }: { method: string }) {
  return <Badge tone={method === "GET" ? "info" : "success"}>{method}</Badge>;
}

/** The Spanish summary of an operation when the page has one, else the document's English one. */
export const operationSummary = (op: OperationView, text?: { resumen: string } | null) => (text ? { text: text.resumen, lang: undefined } : { text: op.summary, lang: "en" });

/**
 * One operation: its method and path (the heading), what it does in Spanish (or the document's English when the
 * page has no translation), authentication and parameters; the responses and the curl example fold away, so the
 * reference reads as a list of operations rather than one very long page.
 */
export function Operation({ op, curl, text }: { op: OperationView; curl: string; text?: { resumen: string; descripcion: string } | null }) {
  const summary = operationSummary(op, text);
  return (
    <section id={operationAnchor(op)} aria-labelledby={`${operationAnchor(op)}-t`} className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h3 id={`${operationAnchor(op)}-t`} className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900">
        <MethodBadge method={op.method} />
        <code className="font-mono text-base break-all">{op.path}</code>
      </h3>
      <p lang={summary.lang} className="mt-1 font-medium text-slate-800">
        {summary.text}
      </p>
      {text ? <RichText text={text.descripcion} lang="es" className="mt-3 text-sm text-slate-700" /> : <RichText text={op.description} className="mt-3 text-sm text-slate-700" />}
      <p className="mt-3 text-sm text-slate-700">
        <strong>Autenticación:</strong> {AUTH_TEXT[op.auth]}
      </p>

      {op.parameters.length > 0 && (
        <div className="mt-5">
          <h4 className="mb-2 text-sm font-semibold text-slate-900">Parámetros</h4>
          <Table caption={`Parámetros de ${op.method} ${op.path}`}>
            <thead>
              <tr>
                <th scope="col" className={thClass}>Nombre</th>
                <th scope="col" className={thClass}>En</th>
                <th scope="col" className={thClass}>Tipo</th>
                <th scope="col" className={thClass}>Descripción</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {op.parameters.map((p) => (
                <tr key={`${p.in}-${p.name}`}>
                  <td className={`${tdClass} whitespace-nowrap`}>
                    <code className="font-mono text-xs font-semibold">{p.name}</code>{" "}
                    {p.required ? <Badge tone="info">requerido</Badge> : <span className="text-xs text-slate-600">opcional</span>}
                  </td>
                  <td className={tdClass}>{p.in}</td>
                  <td className={tdClass}>
                    <TypeText type={p.type} />
                  </td>
                  <td className={`${tdClass} text-sm`}>
                    <RichText text={p.description} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}

      {op.body && (
        <p className="mt-5 text-sm text-slate-800">
          <strong>Cuerpo (JSON):</strong> <TypeText type={op.body} />
        </p>
      )}

      <details className="group mt-5">
        <summary className="cursor-pointer text-sm font-semibold text-brand-700 underline underline-offset-2">
          Respuestas ({op.responses.map((r) => r.status).join(", ")})
        </summary>
        <div className="mt-2">
        <Table caption={`Respuestas de ${op.method} ${op.path}`}>
          <thead>
            <tr>
              <th scope="col" className={thClass}>Estado</th>
              <th scope="col" className={thClass}>Cuerpo</th>
              <th scope="col" className={thClass}>Descripción</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {op.responses.map((r) => (
              <tr key={r.status}>
                <td className={`${tdClass} font-mono font-semibold`}>{r.status}</td>
                <td className={tdClass}>{r.body ? <TypeText type={r.body} /> : <span className="text-slate-600">—</span>}</td>
                <td className={`${tdClass} text-sm`}>
                  <RichText text={r.description} />
                  {r.headers.length > 0 && (
                    <p className="mt-1 flex flex-wrap gap-x-1.5 text-xs text-slate-600">
                      Encabezados:
                      {r.headers.map((h) => (
                        <code key={h} className="font-mono">
                          {h}
                        </code>
                      ))}
                    </p>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
        </div>
      </details>

      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-semibold text-brand-700 underline underline-offset-2">Ejemplo con curl</summary>
        <div className="mt-2 mb-2 flex justify-end">
          <CopyButton value={curl} label="Copiar comando" />
        </div>
        <pre className="overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100" tabIndex={0} aria-label={`Ejemplo con curl de ${op.method} ${op.path}`}>
          <code>{curl}</code>
        </pre>
      </details>
    </section>
  );
}
