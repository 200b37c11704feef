import { Fragment, type ReactNode } from "react";

/**
 * A small, safe renderer for the markdown the catalog's texts are written in: paragraphs, "- " lists, `code`,
 * **bold**, *italic* and [links](https://…). No HTML passes through: every piece of text is a React text node, and
 * a link is kept only when it points to http(s) or to a path of this site.
 */

const INLINE = /(`[^`]+`|\*\*[^*]+\*\*|\*[^*\s][^*]*\*|\[[^\]]+\]\([^)\s]+\))/;

function safeHref(href: string): string | null {
  if (href.startsWith("/") && !href.startsWith("//")) return href;
  try {
    const url = new URL(href);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/** One line of text with its inline marks. */
export function inlineMarkdown(text: string): ReactNode[] {
  return text.split(INLINE).map((part, i) => {
    if (i % 2 === 0) return <Fragment key={i}>{part}</Fragment>;
    if (part.startsWith("`")) {
      return (
        <code key={i} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] break-words text-slate-800">
          {part.slice(1, -1)}
        </code>
      );
    }
    if (part.startsWith("**")) return <strong key={i}>{part.slice(2, -2)}</strong>;
    if (part.startsWith("*")) return <em key={i}>{part.slice(1, -1)}</em>;
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part);
    const href = link ? safeHref(link[2]) : null;
    if (!link || !href) return <Fragment key={i}>{link ? link[1] : part}</Fragment>;
    return (
      <a key={i} href={href} className="text-brand-700 underline" {...(href.startsWith("/") ? {} : { rel: "noopener noreferrer" })}>
        {link[1]}
      </a>
    );
  });
}

/** Blocks separated by blank lines: a block whose lines all start with "- " or "* " is a list, any other a paragraph. */
export function Markdown({ text, className = "" }: { text: string | null | undefined; className?: string }) {
  if (!text) return null;
  const blocks = text.trim().split(/\n\s*\n/);
  return (
    <div className={`space-y-2 ${className}`}>
      {blocks.map((block, i) => {
        const lines = block.split("\n").filter((l) => l.trim() !== "");
        if (lines.length > 0 && lines.every((l) => /^\s*[-*] /.test(l))) {
          return (
            <ul key={i} className="list-disc space-y-1 pl-5">
              {lines.map((l, j) => (
                <li key={j}>{inlineMarkdown(l.replace(/^\s*[-*] /, ""))}</li>
              ))}
            </ul>
          );
        }
        return <p key={i}>{inlineMarkdown(lines.join(" "))}</p>;
      })}
    </div>
  );
}

/** Inline marks only, for a short text inside another element (a heading's description, a table cell). */
export function InlineMarkdown({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return <>{inlineMarkdown(text.replace(/\s*\n\s*/g, " "))}</>;
}
