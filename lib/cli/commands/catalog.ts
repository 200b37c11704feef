import { and, asc, eq } from "drizzle-orm";
import { datasets, datasetSnapshots } from "@/db/schema";
import { demoDatasets } from "@/lib/catalog/demo";
import { publishDataset } from "@/lib/catalog/publish";
import type { Command } from "../command";
import { progressBar } from "../progress";

export const catalogCommands: Record<string, Command> = {
  "dataset:publish": {
    usage: "dataset:publish --id ID [--file PATH] [--snapshot-date YYYY-MM-DD]",
    summary:
      "Publishes a new snapshot (Parquet, and CSV where the dataset has it) from the dataset's source table, or from a CSV/NDJSON file. " +
      "It becomes current only once every file is uploaded; derived views are published with their parent.",
    flags: ["id", "file", "snapshot-date"],
    async run(f, db) {
      const bars = new Map<string, ReturnType<typeof progressBar>>();
      const published = await publishDataset(db, f.string("id"), {
        file: f.string("file", "optional"),
        snapshotDate: f.string("snapshot-date", "optional"),
        onProgress: ({ datasetId, rows, totalRows }) => {
          let bar = bars.get(datasetId);
          if (!bar) {
            for (const previous of bars.values()) previous.finish();
            bar = progressBar(datasetId, totalRows ?? undefined);
            bars.set(datasetId, bar);
          }
          bar.set(rows);
        },
      });
      [...bars.values()].at(-1)?.finish();
      const [main, ...derived] = published;
      return { ...main, derived };
    },
  },
  "dataset:list": {
    usage: "dataset:list",
    summary: "Lists every catalog dataset with its publication state and current snapshot.",
    flags: [],
    async run(_f, db) {
      const rows = await db
        .select({
          id: datasets.id,
          published: datasets.published,
          visibility: datasets.visibility,
          min_tier: datasets.minTier,
          parent_id: datasets.parentId,
          formats: datasets.formats,
          snapshot_date: datasetSnapshots.snapshotDate,
          rows_count: datasetSnapshots.rowCount,
        })
        .from(datasets)
        .leftJoin(datasetSnapshots, and(eq(datasetSnapshots.datasetId, datasets.id), eq(datasetSnapshots.current, true)))
        .orderBy(asc(datasets.id));
      return { count: rows.length, datasets: rows };
    },
  },
  "demo:datasets": {
    usage: "demo:datasets",
    summary: "Prints one demo dataset id of each kind: published, parquet_only, unpublished, admin_only, plan_restricted, no_snapshot, derived.",
    flags: [],
    run: (_f, db) => demoDatasets(db),
  },
};
