import { Fragment } from "react";

/**
 * Descriptions: paragraphs separated by blank lines, `code` in backticks. The document's own text is English (the
 * default `lang`); the page's Spanish text (app/(web)/docs/es.ts) passes lang="es".
 */
export function RichText({ text, className = "", lang = "en" }: { text: string | null | undefined; className?: string; lang?: "en" | "es" }) {
  if (!text) return null;
  return (
    <div lang={lang === "en" ? "en" : undefined} className={`space-y-2 ${className}`}>
      {text.split(/\n{2,}/).map((paragraph, i) => (
        <p key={i}>
          {paragraph.split(/`([^`]+)`/).map((part, j) =>
            j % 2 === 1 ? (
              <code key={j} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-800">
                {part}
              </code>
            ) : (
              <Fragment key={j}>{part}</Fragment>
            ),
          )}
        </p>
      ))}
    </div>
  );
}
