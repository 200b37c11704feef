import { and, asc, eq, inArray, min } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { catalogSources, datasets, datasetSnapshots, snapshotFiles, type SnapshotFormat } from "@/db/schema";
import type { ColumnType, FreshnessSla } from "@/lib/schemas/catalog";
import type { DcatCatalog, DcatDataset, DcatDistribution, DcatField } from "@/lib/schemas/dcat";
import { SALES_EMAIL } from "@/lib/billing/contact";
import { completeAiMetadata } from "./detail";
import { detailUrl } from "./list";
import { ANONYMOUS, visibleTo } from "./visibility";

/** The profile's `accrualPeriodicity` (ISO 8601 repeating durations) for spec 2.10's declared frequency. */
const PERIODICITY: Record<FreshnessSla["declared_frequency"], string> = {
  intraday: "R/PT1H",
  daily: "R/P1D",
  weekly: "R/P1W",
  monthly: "R/P1M",
  quarterly: "R/P3M",
  annual: "R/P1Y",
  irregular: "eventual",
};

/** The profile's field types (a subset of Table Schema's) for our column types. */
const FIELD_TYPE: Record<ColumnType, DcatField["type"]> = {
  VARCHAR: "string",
  SMALLINT: "integer",
  INTEGER: "integer",
  BIGINT: "integer",
  DOUBLE: "number",
  BOOLEAN: "boolean",
  DATE: "date",
  TIMESTAMP: "date-time",
  JSON: "json",
};

/** The profile names languages by ISO 639-2; the catalog keeps ISO 639-1. */
const LANGUAGE: Record<string, string> = { es: "spa", en: "eng", pt: "por" };

const MEDIA: Record<SnapshotFormat, { format: string; mediaType: string }> = {
  parquet: { format: "Parquet", mediaType: "application/vnd.apache.parquet" },
  csv: { format: "CSV", mediaType: "text/csv" },
};

/**
 * Every dataset is an economic register; sanctions lists and insolvency proceedings are also justice's. The tags
 * decide, so a new dataset is themed by how it is tagged.
 */
const JUSTICE_TAGS = new Set(["sanciones", "pep", "concursos", "quiebras", "judicial", "terrorismo"]);
const superThemes = (tags: string[] | null): DcatDataset["superTheme"] =>
  (tags ?? []).some((t) => JUSTICE_TAGS.has(t)) ? ["ECON", "JUST"] : ["ECON"];

/** Keywords may only hold ASCII letters, digits and `-._`: accents dropped, spaces as dashes. */
export const dcatKeyword = (tag: string): string =>
  tag
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^0-9a-zA-Z._-]/g, "");

const truncate = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/**
 * GET /catalog/data.json: the public catalog (what an anonymous caller may see) in the DCAT profile of datos.gob.ar,
 * each dataset with one distribution per file of its current snapshot. `accessURL` is the public detail,
 * `downloadURL` the download endpoint, which answers with a redirect to a signed link for an eligible key.
 */
export async function dcatCatalog(db: DbOrTx, origin: string): Promise<DcatCatalog> {
  const rows = await db
    .select({ dataset: datasets, sourceName: catalogSources.name, snapshotId: datasetSnapshots.id, publishedAt: datasetSnapshots.publishedAt })
    .from(datasets)
    .innerJoin(catalogSources, eq(catalogSources.id, datasets.catalogSourceId))
    .leftJoin(datasetSnapshots, and(eq(datasetSnapshots.datasetId, datasets.id), eq(datasetSnapshots.current, true)))
    .where(and(eq(datasets.published, true), visibleTo(ANONYMOUS)))
    .orderBy(asc(datasets.name), asc(datasets.id));
  const ids = rows.map((r) => r.dataset.id);
  const snapshotIds = rows.flatMap((r) => (r.snapshotId === null ? [] : [r.snapshotId]));
  const [files, firsts] = await Promise.all([
    snapshotIds.length ? db.select().from(snapshotFiles).where(inArray(snapshotFiles.snapshotId, snapshotIds)).orderBy(asc(snapshotFiles.format)) : [],
    ids.length
      ? db
          .select({ datasetId: datasetSnapshots.datasetId, first: min(datasetSnapshots.publishedAt) })
          .from(datasetSnapshots)
          .where(and(inArray(datasetSnapshots.datasetId, ids), eq(datasetSnapshots.status, "ready")))
          .groupBy(datasetSnapshots.datasetId)
      : [],
  ]);
  const firstPublished = new Map(firsts.map((f) => [f.datasetId, f.first]));

  const dataset = rows.map(({ dataset: d, sourceName, snapshotId, publishedAt }): DcatDataset => {
    const ai = completeAiMetadata(d.aiMetadata);
    const detail = detailUrl(origin, d.id);
    const license = d.complianceNotes?.license ?? null;
    const distribution = files
      .filter((f) => f.snapshotId === snapshotId)
      .map((f): DcatDistribution => ({
        identifier: `${d.id}-${f.format}`,
        title: `${truncate(d.name, 80)} (${MEDIA[f.format].format})`,
        description: `Snapshot completo en ${MEDIA[f.format].format}. La descarga necesita una clave de un plan Ultimate, Team o Enterprise.`,
        accessURL: detail,
        downloadURL: `${detail}/snapshot?format=${f.format}&redirect=1`,
        ...MEDIA[f.format],
        fileName: f.objectKey.slice(f.objectKey.lastIndexOf("/") + 1),
        byteSize: f.sizeBytes,
        issued: publishedAt!.toISOString(),
        modified: publishedAt!.toISOString(),
        license,
        field: (ai.columns ?? []).map((c) => ({ title: truncate(c.name, 60), type: FIELD_TYPE[c.type], description: c.description || null })),
      }));
    return {
      identifier: d.id,
      title: truncate(d.name, 100),
      description: d.description || d.name,
      publisher: { name: sourceName },
      superTheme: superThemes(d.tags),
      keyword: (d.tags ?? []).map(dcatKeyword).filter(Boolean),
      accrualPeriodicity: d.freshnessSla ? PERIODICITY[d.freshnessSla.declared_frequency] : "eventual",
      issued: (firstPublished.get(d.id) ?? d.createdAt).toISOString(),
      modified: publishedAt?.toISOString() ?? null,
      landingPage: `${origin}/datasets/${encodeURIComponent(d.id)}`,
      language: d.sourceNativeLanguage ? [LANGUAGE[d.sourceNativeLanguage] ?? d.sourceNativeLanguage] : [],
      spatial: d.country,
      license,
      distribution,
    };
  });
  const modified = dataset.map((d) => d.modified).filter((m): m is string => m !== null).sort().at(-1) ?? null;
  return {
    title: "Legajo: catálogo de datos",
    description: "Datasets públicos de registros argentinos (crédito, fiscal, sanciones, comercio exterior, marcas y concursos), normalizados y publicados en Parquet y CSV.",
    publisher: { name: "Legajo", mbox: SALES_EMAIL },
    superThemeTaxonomy: "http://datos.gob.ar/superThemeTaxonomy.json",
    homepage: `${origin}/datasets`,
    language: ["spa"],
    issued: dataset.map((d) => d.issued).sort()[0] ?? null,
    modified,
    dataset,
  };
}
