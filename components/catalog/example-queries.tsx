import { CopyButton } from "@/components/ui/copy-button";
import type { AiMetadata } from "@/lib/schemas/catalog";

type ExampleQuery = NonNullable<AiMetadata["example_queries"]>[number];

/** A scrollable block of code: a focusable, named region, so keyboard users can scroll it too. */
function CodeBlock({ label, code, question }: { label: string; code: string; question: string }) {
  return (
    <div className="mt-3">
      <div className="mb-1 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium text-slate-800">{label}</p>
        <CopyButton value={code} label={`Copiar ${label}`} />
      </div>
      <pre role="region" tabIndex={0} aria-label={`${label}: ${question}`} className="overflow-x-auto rounded-lg bg-slate-900 p-3 text-sm text-slate-50">
        <code>{code}</code>
      </pre>
    </div>
  );
}

/** Questions the dataset answers, each with the approach and ready-to-copy SQL and Polars. */
export function ExampleQueries({ queries }: { queries: ExampleQuery[] }) {
  return (
    <ol className="space-y-6">
      {queries.map((q) => (
        <li key={q.question} className="rounded-lg border border-slate-200 p-4">
          <h3 className="font-semibold text-slate-900">{q.question}</h3>
          <p className="mt-1 text-sm text-slate-700">{q.approach}</p>
          {q.sql && <CodeBlock label="SQL" code={q.sql} question={q.question} />}
          {q.polars && <CodeBlock label="Polars" code={q.polars} question={q.question} />}
        </li>
      ))}
    </ol>
  );
}
