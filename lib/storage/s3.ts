import fs from "node:fs";
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
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
}

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
  return {
    kind: "s3",
    client,
    bucket: Bucket,
    async putFile(key, path, meta) {
      assertObjectKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: fs.createReadStream(path),
          ContentLength: meta.sizeBytes,
          ContentType: meta.contentType,
          ContentDisposition: `attachment; filename="${meta.fileName}"`,
        }),
      );
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
