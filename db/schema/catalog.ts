import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { AiMetadata, ComplianceNotes, FreshnessSla } from "./catalog-json";
import { planTierEnum } from "./accounts";
import { sourceNameEnum } from "./sources";

export const datasetVisibilityEnum = pgEnum("dataset_visibility", ["public", "admin_only"]);
export const updatePatternEnum = pgEnum("update_pattern", ["incremental_append", "full_refresh", "scd2_snapshots"]);
export const snapshotFormatEnum = pgEnum("snapshot_format", ["parquet", "csv"]);
export const snapshotStatusEnum = pgEnum("snapshot_status", ["publishing", "ready", "failed"]);

/** Publishers of datasets (spec 2.9 `source`). */
export const catalogSources = pgTable("catalog_sources", {
  id: text().primaryKey(),
  name: text().notNull(),
});

/** A catalog entry: every field of spec 2.10 plus publication, visibility and lineage. */
export const datasets = pgTable(
  "datasets",
  {
    id: text().primaryKey(),
    name: text().notNull(),
    description: text(),
    catalogSourceId: text()
      .notNull()
      .references(() => catalogSources.id),
    frequency: text(),
    granularity: text(),
    historicalDepth: text(),
    tags: text().array(),
    country: text(),
    sourceNativeLanguage: text(),
    updatePattern: updatePatternEnum(),
    freshnessSla: jsonb().$type<FreshnessSla>(),
    contentAdvisory: text(),
    complianceNotes: jsonb().$type<ComplianceNotes>(),
    aiMetadata: jsonb().$type<Partial<AiMetadata>>().notNull(),
    published: boolean().notNull().default(false),
    visibility: datasetVisibilityEnum().notNull().default("public"),
    /** Lowest plan that may see the detail; anonymous callers count as free. */
    minTier: planTierEnum().notNull().default("free"),
    /** A derived view names its parent and inherits the parent's snapshot date. */
    parentId: text(),
    /** Engine source table that feeds publication, when the dataset is one of the engine's sources. */
    engineSource: sourceNameEnum(),
    formats: snapshotFormatEnum().array().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.published, t.visibility)],
);

/** Exactly one snapshot per dataset is current (partial unique index). */
export const datasetSnapshots = pgTable(
  "dataset_snapshots",
  {
    id: serial().primaryKey(),
    datasetId: text()
      .notNull()
      .references(() => datasets.id),
    snapshotDate: date({ mode: "string" }).notNull(),
    rowCount: integer(),
    status: snapshotStatusEnum().notNull().default("publishing"),
    current: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp({ withTimezone: true }),
    /** `manifest.json` beside the files: what was published, with each file's size and SHA-256. */
    manifestKey: text(),
    manifestSizeBytes: bigint({ mode: "number" }),
    manifestSha256: text(),
    /** When retention deleted the files; a pruned snapshot is no longer listed nor downloadable. */
    prunedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("dataset_snapshots_one_current_idx")
      .on(t.datasetId)
      .where(sql`${t.current}`),
    index("dataset_snapshots_history_idx").on(t.datasetId, t.snapshotDate, t.id),
  ],
);

export const snapshotFiles = pgTable(
  "snapshot_files",
  {
    snapshotId: integer()
      .notNull()
      .references(() => datasetSnapshots.id),
    format: snapshotFormatEnum().notNull(),
    objectKey: text().notNull(),
    sizeBytes: bigint({ mode: "number" }).notNull(),
    sha256: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.format] })],
);

export type Dataset = typeof datasets.$inferSelect;
export type DatasetSnapshot = typeof datasetSnapshots.$inferSelect;
export type SnapshotFile = typeof snapshotFiles.$inferSelect;
export type SnapshotFormat = (typeof snapshotFormatEnum.enumValues)[number];
