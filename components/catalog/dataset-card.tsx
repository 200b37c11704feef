import { InlineMarkdown } from "@/components/ui/markdown";
import Link from "next/link";
import type { DatasetSummary } from "@/lib/schemas/catalog";
import { TagLinks } from "./tag-links";

/** One catalog entry in the list: what it is, who publishes it, how often, and its tags. */
export function DatasetCard({ dataset }: { dataset: DatasetSummary }) {
  const meta = [dataset.source.name, dataset.frequency && `actualización ${dataset.frequency}`, dataset.country].filter(Boolean).join(" · ");
  return (
    <article aria-labelledby={`ds-${dataset.dataset_id}`} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-dataset-id={dataset.dataset_id}>
      <h3 id={`ds-${dataset.dataset_id}`} className="text-lg font-semibold text-slate-900">
        <Link href={`/datasets/${encodeURIComponent(dataset.dataset_id)}`} className="text-brand-700 underline hover:text-brand-900">
          {dataset.name}
        </Link>
      </h3>
      <p className="mt-1 text-sm text-slate-600">{meta}</p>
      {dataset.description && (
        <p className="mt-3 text-slate-700">
          <InlineMarkdown text={dataset.description} />
        </p>
      )}
      <div className="mt-3">
        <TagLinks tags={dataset.tags} label={`Etiquetas de ${dataset.name}`} />
      </div>
    </article>
  );
}
