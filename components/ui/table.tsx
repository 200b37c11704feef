import type { ReactNode } from "react";

/**
 * A table that scrolls sideways inside its own box on narrow screens instead of widening the page. The scroll
 * region is focusable and labelled so keyboard users can scroll it too. It is `relative` so that visually hidden
 * (absolutely positioned) text in its cells stays inside it instead of widening the document.
 */
export function Table({ caption, children, captionHidden = true }: { caption: string; children: ReactNode; captionHidden?: boolean }) {
  return (
    <div className="relative -mx-4 overflow-x-auto sm:mx-0" role="region" aria-label={caption} tabIndex={0}>
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption className={captionHidden ? "sr-only" : "mb-2 text-left text-sm text-slate-600"}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export const thClass = "px-4 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase whitespace-nowrap sm:px-3";
export const tdClass = "px-4 py-3 align-top text-slate-800 sm:px-3";
