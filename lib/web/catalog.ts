import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { datasetSnapshots, snapshotFiles, type SnapshotFormat } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { ANONYMOUS, viewerOf, type Viewer } from "@/lib/catalog/visibility";
import type { DatasetSummary } from "@/lib/schemas/catalog";

/**
 * Who browses the catalog on the web, with the API's rule for its public routes (`auth: "optional"`): a suspended
 * account, or one whose plan cannot be verified, looks like an anonymous visitor, who counts as plan free.
 */
export function catalogViewer(caller: Caller | null): Viewer {
  if (!caller || caller.account.suspended || !caller.plan) return ANONYMOUS;
  return viewerOf(caller);
}

/** Lowercase without accents, so "credito" finds "crédito" and "BCRA" finds "bcra". */
const fold = (s: string): string => s.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();

export interface CatalogFilter {
  q: string;
  tag: string;
  source: string;
}

/**
 * The catalog page's search: every word of `q` must appear in the name, the description or a tag; `tag` and
 * `source` are exact. It runs over the list the catalog service already cut to what the viewer may see.
 */
export function filterDatasets(datasets: DatasetSummary[], filter: CatalogFilter): DatasetSummary[] {
  const words = fold(filter.q).split(/\s+/).filter(Boolean);
  return datasets.filter((d) => {
    if (filter.tag && !(d.tags ?? []).includes(filter.tag)) return false;
    if (filter.source && d.source.id !== filter.source) return false;
    if (words.length === 0) return true;
    const haystack = fold([d.name, d.description ?? "", ...(d.tags ?? [])].join(" "));
    return words.every((w) => haystack.includes(w));
  });
}

/** The tags and sources of a list with how many datasets carry each, for the filter menus. */
export function catalogFacets(datasets: DatasetSummary[]) {
  const tags = new Map<string, number>();
  const sources = new Map<string, { name: string; count: number }>();
  for (const d of datasets) {
    for (const t of d.tags ?? []) tags.set(t, (tags.get(t) ?? 0) + 1);
    const s = sources.get(d.source.id);
    sources.set(d.source.id, { name: d.source.name, count: (s?.count ?? 0) + 1 });
  }
  return {
    tags: [...tags.entries()].sort((a, b) => a[0].localeCompare(b[0], "es")).map(([tag, count]) => ({ tag, count })),
    sources: [...sources.entries()].sort((a, b) => a[1].name.localeCompare(b[1].name, "es")).map(([id, s]) => ({ id, ...s })),
  };
}

/**
 * The files of a dataset's current snapshot and their sizes. Call it only for a dataset the viewer was allowed to
 * open (the detail service decides that); it adds sizes, which the detail shape of spec 2.10 does not carry.
 */
export function currentSnapshotFiles(db: DbOrTx, datasetId: string): Promise<{ format: SnapshotFormat; sizeBytes: number }[]> {
  return db
    .select({ format: snapshotFiles.format, sizeBytes: snapshotFiles.sizeBytes })
    .from(snapshotFiles)
    .innerJoin(datasetSnapshots, eq(datasetSnapshots.id, snapshotFiles.snapshotId))
    .where(and(eq(datasetSnapshots.datasetId, datasetId), eq(datasetSnapshots.current, true)))
    .orderBy(asc(snapshotFiles.format));
}

/** Spec 2.10's enumerations in customer words. */
export const UPDATE_PATTERN: Record<string, string> = {
  incremental_append: "Se agregan filas nuevas en cada actualización",
  full_refresh: "Cada snapshot es una carga completa",
  scd2_snapshots: "Historial de cambios por fila (SCD tipo 2)",
};

export const DECLARED_FREQUENCY: Record<string, string> = {
  daily: "diaria",
  weekly: "semanal",
  monthly: "mensual",
  quarterly: "trimestral",
  annual: "anual",
  irregular: "irregular",
  intraday: "varias veces por día",
};

export const COMMERCIAL_USE: Record<string, { label: string; tone: "success" | "warning" | "danger" }> = {
  ok: { label: "Uso comercial permitido", tone: "success" },
  restricted: { label: "Uso comercial con restricciones", tone: "warning" },
  prohibited: { label: "Uso comercial prohibido", tone: "danger" },
};

export const LANGUAGE: Record<string, string> = { es: "español", en: "inglés", pt: "portugués" };

/** "75 días" rather than "1800 horas". */
export function lagText(hours: number): string {
  if (hours >= 48 && hours % 24 === 0) return `${hours / 24} días`;
  return `${hours} ${hours === 1 ? "hora" : "horas"}`;
}
