import type { ReactNode } from "react";
import { TableLabels } from "./table-labels";

/**
 * A table that never widens the page. On a phone (below 640 px) it stacks: each row becomes a card and each cell a
 * line "Header: value", labelled from the column headers (`.table-stack` in app/globals.css, labels by
 * TableLabels). A table whose columns only make sense side by side (`stack={false}`) scrolls sideways inside its
 * own box instead; that region is focusable and labelled so keyboard users can scroll it too. The box is
 * `relative` so that visually hidden (absolutely positioned) text in its cells stays inside it.
 */
export function Table({
  caption,
  children,
  captionHidden = true,
  stack = true,
}: {
  caption: string;
  children: ReactNode;
  captionHidden?: boolean;
  stack?: boolean;
}) {
  const captionNode = <caption className={captionHidden ? "sr-only" : "mb-2 text-left text-sm text-slate-600"}>{caption}</caption>;
  if (stack) {
    return (
      <div className="relative" role="region" aria-label={caption}>
        <table className="table-stack min-w-full divide-y divide-slate-200 text-left text-sm">
          {captionNode}
          {children}
        </table>
        <TableLabels />
      </div>
    );
  }
  return (
    <div className="relative -mx-4 overflow-x-auto sm:mx-0" role="region" aria-label={caption} tabIndex={0}>
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        {captionNode}
        {children}
      </table>
    </div>
  );
}

export const thClass = "px-4 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase whitespace-nowrap sm:px-3";
export const tdClass = "px-4 py-3 align-top text-slate-800 sm:px-3";
