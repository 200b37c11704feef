import path from "node:path";

/** What an uploaded object carries so that a download names and types itself. */
export interface ObjectMeta {
  contentType: string;
  /** File name offered by `Content-Disposition`. */
  fileName: string;
  sizeBytes: number;
}

/**
 * Where snapshot files live. `local` keeps them under DATA_DIR and the app serves them behind an HMAC signature;
 * `s3` uses any S3-compatible store and its own presigned URLs. Publication and downloads only see this interface.
 */
export interface StorageDriver {
  readonly kind: "local" | "s3";
  /** Uploads a finished file. The driver may move it instead of copying it; the caller must not reuse `path`. */
  putFile(key: string, path: string, meta: ObjectMeta): Promise<void>;
  /** A URL that downloads the object until `expiresInSeconds` from now; `origin` is the app's own (for `local`). */
  signedUrl(key: string, options: { expiresInSeconds: number; origin: string }): Promise<string>;
  delete(key: string): Promise<void>;
  /** Resolves when the store is reachable and writable, throws otherwise (readiness checks). */
  ping(): Promise<void>;
}

/** Object keys are ours: lowercase words, digits, dots, dashes and underscores, separated by slashes. */
const KEY_PATTERN = /^(?:[a-z0-9][a-z0-9._-]*\/)*[a-z0-9][a-z0-9._-]*$/;

export function assertObjectKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.split("/").some((s) => s === "." || s === ".." || s.includes(".."))) {
    throw new Error(`Invalid object key: ${key}`);
  }
}

export const isObjectKey = (key: string): boolean => {
  try {
    assertObjectKey(key);
    return true;
  } catch {
    return false;
  }
};

const CONTENT_TYPES: Record<string, string> = {
  ".parquet": "application/vnd.apache.parquet",
  ".csv": "text/csv; charset=utf-8",
  ".json": "application/json",
};

/** The media type a download of this object announces, from its extension. */
export const contentTypeOf = (key: string): string => CONTENT_TYPES[path.extname(key)] ?? "application/octet-stream";
