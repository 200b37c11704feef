import Link from "next/link";

/** A dataset's tags, each one a link to the catalog filtered by it. */
export function TagLinks({ tags, label = "Etiquetas" }: { tags: string[] | null; label?: string }) {
  if (!tags?.length) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {tags.map((t) => (
        <li key={t}>
          <Link
            href={`/datasets?etiqueta=${encodeURIComponent(t)}`}
            className="inline-flex min-h-6 items-center rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-200"
          >
            {t}
          </Link>
        </li>
      ))}
    </ul>
  );
}
