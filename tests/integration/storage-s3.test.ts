import { createHash, createHmac } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { SignatureV4 } from "@smithy/signature-v4";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as snapshot } from "@/app/v1/datasets/[id]/snapshot/route";
import { getDb } from "@/db/client";
import { deudoresHistorico } from "@/lib/catalog/demo/bcra";
import { publishDataset } from "@/lib/catalog/publish";
import { setStorage } from "@/lib/storage";
import { createS3Storage, type S3Storage } from "@/lib/storage/s3";
import { newAccount } from "../helpers/accounts";
import { defineDataset, sha256, testId } from "../helpers/catalog";
import { bearer, call } from "../helpers/http";

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;
const S3rver = createRequire(import.meta.url)("s3rver") as S3rverClass;

const BUCKET = "legajo-snapshots";
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
const REGION = "us-east-1";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "legajo-s3rver-"));
let server: S3rverInstance;
let endpoint: string;
let storage: S3Storage;

type SourceData = string | ArrayBuffer | ArrayBufferView;
const bytes = (d: SourceData) =>
  typeof d === "string" ? Buffer.from(d) : d instanceof ArrayBuffer ? Buffer.from(d) : Buffer.from(d.buffer, d.byteOffset, d.byteLength);

/** SHA-256 for @smithy/signature-v4, from node:crypto (HMAC when given a secret). */
class NodeSha256 {
  private readonly hash;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash("sha256") : createHmac("sha256", bytes(secret));
  }
  update(data: SourceData) {
    this.hash.update(bytes(data));
  }
  digest() {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
}

/**
 * Recomputes the SigV4 query signature of a presigned GET with an independent signer: the request S3 would
 * canonicalize (method, host, path, every query parameter but the signature) signed at the URL's own date.
 */
async function expectedSignature(url: URL, secretAccessKey: string): Promise<string> {
  const q = url.searchParams;
  const amzDate = q.get("X-Amz-Date")!;
  const signingDate = new Date(`${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`);
  const query: Record<string, string> = {};
  for (const [k, v] of q) if (!k.startsWith("X-Amz-")) query[k] = v;
  const signer = new SignatureV4({
    service: "s3",
    region: REGION,
    credentials: { accessKeyId: CREDENTIALS.accessKeyId, secretAccessKey },
    sha256: NodeSha256,
    uriEscapePath: false,
    applyChecksum: false,
  });
  const signed = await signer.presign(
    {
      method: "GET",
      protocol: url.protocol,
      hostname: url.hostname,
      port: Number(url.port),
      path: decodeURIComponent(url.pathname),
      query,
      // The presigner hoists this header into the query under this exact spelling.
      headers: { host: url.host, "X-Amz-Content-Sha256": q.get("X-Amz-Content-Sha256")! },
    },
    { signingDate, expiresIn: Number(q.get("X-Amz-Expires")) },
  );
  return signed.query!["X-Amz-Signature"] as string;
}

function tempFile(name: string, content: string | Uint8Array): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}

beforeAll(async () => {
  server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: path.join(dir, "data"), configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  storage = createS3Storage({ bucket: BUCKET, region: REGION, endpoint, credentials: CREDENTIALS });
});

afterAll(async () => {
  setStorage(null);
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("S3 storage driver (against s3rver)", () => {
  it("pings a reachable bucket and fails on a missing one", async () => {
    await expect(storage.ping()).resolves.toBeUndefined();
    const missing = createS3Storage({ bucket: "no-such-bucket", region: REGION, endpoint, credentials: CREDENTIALS, maxAttempts: 1 });
    await expect(missing.ping()).rejects.toThrow();
  });

  it("uploads a file and downloads it byte for byte through a presigned URL", async () => {
    const content = new Uint8Array(300_000).map((_, i) => (i * 31) % 251);
    const key = "datasets/test/1/test-2026-01-01.parquet";
    await storage.putFile(key, tempFile("upload.parquet", content), {
      contentType: "application/vnd.apache.parquet",
      fileName: "test-2026-01-01.parquet",
      sizeBytes: content.byteLength,
    });
    const url = await storage.signedUrl(key, { expiresInSeconds: 3600, origin: "http://unused" });
    const res = await fetch(url);
    expect(res.status).toBe(200);
    const body = new Uint8Array(await res.arrayBuffer());
    // Same bytes: no aws-chunked framing stored inside the object.
    expect(sha256(body)).toBe(sha256(content));
    expect(res.headers.get("content-type")).toBe("application/vnd.apache.parquet");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="test-2026-01-01.parquet"');

    await storage.delete(key);
    expect((await fetch(await storage.signedUrl(key, { expiresInSeconds: 60, origin: "" }))).status).toBe(404);
  });

  it("uploads a file of several parts through a multipart upload, byte for byte", async () => {
    const partSize = 5 * 1024 * 1024;
    const multipart = createS3Storage({ bucket: BUCKET, region: REGION, endpoint, credentials: CREDENTIALS, partSizeBytes: partSize });
    const commands: string[] = [];
    multipart.client.middlewareStack.add(
      (next, context) => (args) => {
        commands.push(context.commandName as string);
        return next(args);
      },
      { step: "initialize", name: "recordCommands" },
    );
    // 12.5 MiB of varied bytes: three parts at the smallest part size S3 accepts.
    const content = new Uint8Array(Math.round(2.5 * partSize)).map((_, i) => (i * 7 + (i >> 13)) % 256);
    const key = "datasets/big/1/big-2026-01-01.parquet";
    await multipart.putFile(key, tempFile("big.parquet", content), { contentType: "application/vnd.apache.parquet", fileName: "big-2026-01-01.parquet", sizeBytes: content.byteLength });
    expect(commands.filter((c) => c === "UploadPartCommand")).toHaveLength(3);
    expect(commands).toContain("CreateMultipartUploadCommand");
    expect(commands).toContain("CompleteMultipartUploadCommand");
    expect(commands).not.toContain("PutObjectCommand");
    const res = await fetch(await multipart.signedUrl(key, { expiresInSeconds: 60, origin: "" }));
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="big-2026-01-01.parquet"');
    expect(sha256(new Uint8Array(await res.arrayBuffer()))).toBe(sha256(content));

    // A file of one part goes in a single PUT.
    commands.length = 0;
    await multipart.putFile("datasets/big/1/manifest.json", tempFile("manifest.json", "{}\n"), { contentType: "application/json", fileName: "manifest.json", sizeBytes: 3 });
    expect(commands).toEqual(["PutObjectCommand"]);
  });

  it("presigns with a valid SigV4 query signature for one hour", async () => {
    const url = new URL(await storage.signedUrl("datasets/x/2/x-2026-01-01.csv", { expiresInSeconds: 3600, origin: "" }));
    expect(url.pathname).toBe(`/${BUCKET}/datasets/x/2/x-2026-01-01.csv`);
    expect(url.searchParams.get("X-Amz-Algorithm")).toBe("AWS4-HMAC-SHA256");
    expect(url.searchParams.get("X-Amz-Expires")).toBe("3600");
    expect(url.searchParams.get("X-Amz-Credential")).toMatch(new RegExp(`^S3RVER/\\d{8}/${REGION}/s3/aws4_request$`));
    const signature = url.searchParams.get("X-Amz-Signature");
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(await expectedSignature(url, CREDENTIALS.secretAccessKey)).toBe(signature);
    // The check has teeth: another secret, or another object, signs differently.
    expect(await expectedSignature(url, "another-secret")).not.toBe(signature);
    const otherObject = new URL(url);
    otherObject.pathname = `/${BUCKET}/datasets/x/2/x-2026-01-02.csv`;
    expect(await expectedSignature(otherObject, CREDENTIALS.secretAccessKey)).not.toBe(signature);
  });

  it("serves a published snapshot end to end: publish, sign, download, redirect", async () => {
    setStorage(storage);
    const def = await defineDataset({ id: testId("s3"), published: true }, deudoresHistorico);
    const csv = ["cuit,periodo,entidad_codigo,entidad_nombre,situacion,monto,dias_atraso", "30712345671,202501,00011,BANCO,1,10.5,"].join("\n");
    const [published] = await publishDataset(await getDb(), def.id, { file: tempFile(`${def.id}.csv`, csv) });
    const ultimate = await newAccount({ plan: "ultimate" });

    const res = await call(snapshot, `/v1/datasets/${def.id}/snapshot`, { headers: bearer(ultimate.key), params: { id: def.id } });
    expect(res.status).toBe(200);
    expect(res.body.url.startsWith(`${endpoint}/${BUCKET}/datasets/${def.id}/`)).toBe(true);
    const file = new Uint8Array(await (await fetch(res.body.url)).arrayBuffer());
    expect(file.byteLength).toBe(res.body.snapshot.file_size_bytes);
    expect(sha256(file)).toBe(published.files.parquet!.sha256);

    const redirect = await call(snapshot, `/v1/datasets/${def.id}/snapshot?format=csv&redirect=1`, { headers: bearer(ultimate.key), params: { id: def.id } });
    expect(redirect.status).toBe(302);
    const downloaded = await fetch(redirect.headers.get("location")!);
    expect(await downloaded.text()).toBe(`${csv}\n`);
  });
});
