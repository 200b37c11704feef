import fsp from "node:fs/promises";
import path from "node:path";
import type { SnapshotFormat } from "@/db/schema";
import type { SnapshotManifest } from "@/lib/schemas/catalog";
import type { PublishedColumn } from "./columns";
import { HashingFile, type WrittenFile } from "./file-sink";

/** The manifest's name beside a snapshot's files, in the store and in downloads. */
export const MANIFEST_NAME = "manifest.json";

export interface ManifestInput {
  datasetId: string;
  snapshotDate: string;
  rowCount: number;
  columns: readonly PublishedColumn[];
  /** The uploaded files, by format, under the names their downloads offer. */
  files: Partial<Record<SnapshotFormat, { name: string; sizeBytes: number; sha256: string }>>;
}

/** What one publication wrote: enough to tell, offline, whether a downloaded file is the one published. */
export function buildManifest(input: ManifestInput): SnapshotManifest {
  return {
    dataset_id: input.datasetId,
    snapshot_date: input.snapshotDate,
    rows_count: input.rowCount,
    columns: input.columns.map((c) => ({ name: c.name, type: c.type, nullable: c.nullable })),
    archivos: (Object.keys(input.files) as SnapshotFormat[]).sort().map((formato) => {
      const f = input.files[formato]!;
      return { nombre: f.name, formato, bytes: f.sizeBytes, sha256: f.sha256 };
    }),
  };
}

/** Writes the manifest as pretty-printed JSON into `dir`, returning its size and SHA-256 like the data files. */
export async function writeManifest(dir: string, manifest: SnapshotManifest): Promise<WrittenFile> {
  await fsp.mkdir(dir, { recursive: true });
  const file = await HashingFile.create(path.join(/* turbopackIgnore: true */ dir, MANIFEST_NAME));
  try {
    await file.write(new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`));
    return await file.close();
  } catch (e) {
    await file.abort();
    throw e;
  }
}
