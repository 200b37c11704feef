import Link from "next/link";
import { buttonClass } from "./button";

interface PaginationProps {
  /** Path of the page, with the search params to keep (without `pagina`). */
  basePath: string;
  params?: Record<string, string | undefined>;
  page: number;
  hasMore: boolean;
  label: string;
  /** Id of the element to scroll to on the new page, so paging a list lower down keeps it in view. */
  anchor?: string;
}

function href(basePath: string, params: Record<string, string | undefined>, page: number, anchor?: string): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) search.set(k, v);
  if (page > 1) search.set("pagina", String(page));
  const query = search.toString();
  return `${query ? `${basePath}?${query}` : basePath}${anchor ? `#${anchor}` : ""}`;
}

/** Previous / next links; a missing direction is shown disabled so the bar keeps its width. */
export function Pagination({ basePath, params = {}, page, hasMore, label, anchor }: PaginationProps) {
  if (page <= 1 && !hasMore) return null;
  const disabled = buttonClass("secondary", "sm", "pointer-events-none opacity-50");
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-2">
      {page > 1 ? (
        <Link href={href(basePath, params, page - 1, anchor)} className={buttonClass("secondary", "sm")} rel="prev">
          ← Anterior
        </Link>
      ) : (
        <span aria-disabled="true" className={disabled}>
          ← Anterior
        </span>
      )}
      <span className="text-sm text-slate-600">Página {page}</span>
      {hasMore ? (
        <Link href={href(basePath, params, page + 1, anchor)} className={buttonClass("secondary", "sm")} rel="next">
          Siguiente →
        </Link>
      ) : (
        <span aria-disabled="true" className={disabled}>
          Siguiente →
        </span>
      )}
    </nav>
  );
}
