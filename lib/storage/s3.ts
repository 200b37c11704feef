import fs from "node:fs";
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { assertObjectKey, type StorageDriver } from "./driver";

export interface S3Config {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle?: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Attempts per request, retries included (the SDK's default is 3). */
  maxAttempts?: number;
  /** Bytes per part of a multipart upload (at least 5 MiB, S3's minimum); files up to one part go in a single PUT. */
  partSizeBytes?: number;
}

/**
 * 16 MiB parts, four in flight: 64 MiB of memory per upload, and S3's 10,000-part ceiling puts the largest snapshot
 * at about 160 GB, far past the 5 GB a single PUT accepts.
 */
export const DEFAULT_PART_SIZE_BYTES = 16 * 1024 * 1024;
const PARTS_IN_FLIGHT = 4;

export interface S3Storage extends StorageDriver {
  readonly kind: "s3";
  readonly client: S3Client;
  readonly bucket: string;
}

/**
 * S3, R2, MinIO or any S3-compatible store. Checksums only when required: otherwise the SDK streams uploads with
 * aws-chunked framing, which some S3-compatible servers store verbatim inside the object.
 */
export function createS3Storage(config: S3Config): S3Storage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle ?? config.endpoint !== undefined,
    credentials: config.credentials,
    maxAttempts: config.maxAttempts,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = config.bucket;
  const partSize = config.partSizeBytes ?? DEFAULT_PART_SIZE_BYTES;
  return {
    kind: "s3",
    client,
    bucket: Bucket,
    async putFile(key, path, meta) {
      assertObjectKey(key);
      // A multipart upload past one part; a failed one is aborted, so no orphaned parts are left billed in the bucket.
      const upload = new Upload({
        client,
        params: {
          Bucket,
          Key: key,
          Body: fs.createReadStream(path),
          ContentType: meta.contentType,
          ContentDisposition: `attachment; filename="${meta.fileName}"`,
        },
        partSize: Math.max(partSize, Math.ceil(meta.sizeBytes / 10_000)),
        queueSize: PARTS_IN_FLIGHT,
      });
      await upload.done();
    },
    signedUrl(key, { expiresInSeconds }) {
      assertObjectKey(key);
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key }), { expiresIn: expiresInSeconds });
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async ping() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}
