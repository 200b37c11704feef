import { and, asc, eq } from "drizzle-orm";
import { datasets, datasetSnapshots } from "@/db/schema";
import { demoDatasets } from "@/lib/catalog/demo";
import { publishDataset } from "@/lib/catalog/publish";
import { pruneSnapshots } from "@/lib/catalog/retention";
import { DomainError } from "@/lib/errors";
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
  "dataset:prune": {
    usage: "dataset:prune [--id ID] [--dry-run]",
    summary:
      "Applies retention now: each dataset keeps its CATALOG_RETENTION newest snapshots (the current one always) and the files of older ones are deleted from the store. " +
      "A snapshot whose files cannot all be deleted stays kept and is retried by the next run. --dry-run only reports.",
    flags: ["id", "dry-run"],
    async run(f, db) {
      const datasetId = f.string("id", "optional");
      if (datasetId && !(await db.select({ id: datasets.id }).from(datasets).where(eq(datasets.id, datasetId))).length) {
        throw new DomainError("not_found", { text: `There is no dataset "${datasetId}".` });
      }
      const report = await pruneSnapshots(db, { datasetId, dryRun: f.switch("dry-run") });
      const failed = report.datasets.flatMap((d) => d.failed.map((s) => `${d.dataset_id} ${s.snapshot_date} (${s.error})`));
      if (failed.length) {
        const pruned = report.datasets.reduce((n, d) => n + d.pruned.length, 0);
        throw new DomainError("almacenamiento_no_disponible", {
          text: `Pruned ${pruned} snapshot(s), but could not delete the files of ${failed.join(", ")}; those stay kept. Run again to retry.`,
        });
      }
      return { ...report };
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
