import type { WatchInput } from "./watch";

/** Lines one paste or file may carry. */
export const MAX_LIST_LINES = 10_000;

/**
 * A pasted list or a CSV of CUITs to watch: one per line, optionally followed by a label after a comma, semicolon
 * or tab. Blank lines and a header line (a first cell without digits, such as "cuit") are skipped.
 */
export function parseWatchList(text: string): WatchInput[] {
  const out: WatchInput[] = [];
  for (const line of text.replace(/^\uFEFF/, "").split(/\r?\n/)) {
    const [first = "", ...rest] = line.split(/[,;\t]/).map((c) => c.trim().replace(/^"(.*)"$/, "$1").trim());
    if (!first || !/\d/.test(first)) continue;
    const etiqueta = rest.join(" ").trim();
    out.push({ entrada: first, etiqueta: etiqueta ? etiqueta.slice(0, 100) : null });
  }
  return out;
}
