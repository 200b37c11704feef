import { Fragment } from "react";

/** The document's descriptions: paragraphs separated by blank lines, `code` in backticks. Written in English. */
export function RichText({ text, className = "" }: { text: string | null | undefined; className?: string }) {
  if (!text) return null;
  return (
    <div lang="en" className={`space-y-2 ${className}`}>
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
