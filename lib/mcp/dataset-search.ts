import type { DatasetsListResponse, DatasetSummary } from "@/lib/schemas/catalog";

/** Lowercase, without accents: "Crédito" finds "credito" and the other way round. */
const fold = (text: string): string =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

const haystack = (d: DatasetSummary): string =>
  fold([d.dataset_id, d.name, d.description ?? "", ...(d.tags ?? []), d.source.id, d.source.name].join(" "));

/**
 * The datasets of `list` whose id, name, description, tags or source hold every word of `text`, in the list's
 * order. No text, or only spaces, keeps them all. The catalog is a few dozen rows the caller may already see, so
 * this filters the visible list rather than asking the database.
 */
export function searchDatasets(list: DatasetsListResponse, text: string | undefined): DatasetsListResponse {
  const words = fold(text ?? "")
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return list;
  const datasets = list.datasets.filter((d) => {
    const h = haystack(d);
    return words.every((w) => h.includes(w));
  });
  return { count: datasets.length, datasets };
}
