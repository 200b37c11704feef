import path from "node:path";
import { env } from "@/lib/env";
import type { StorageDriver } from "./driver";
import { createLocalStorage } from "./local";
import { createS3Storage } from "./s3";
import { objectSigningKey } from "./signing";

export type { ObjectMeta, StorageDriver } from "./driver";

let current: StorageDriver | undefined;

/** The configured store: S3 when S3_BUCKET is set, otherwise files under DATA_DIR/objects served by the app. */
export function getStorage(): StorageDriver {
  if (current) return current;
  const e = env();
  current = e.S3_BUCKET
    ? createS3Storage({
        bucket: e.S3_BUCKET,
        region: e.S3_REGION,
        endpoint: e.S3_ENDPOINT,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
        credentials:
          e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
            : undefined,
      })
    : createLocalStorage(path.join(e.dataDir, "objects"), objectSigningKey);
  return current;
}

/** Replaces the store (tests inject a failing one); null goes back to the configured one. */
export function setStorage(driver: StorageDriver | null): void {
  current = driver ?? undefined;
}
