import { createHash, type Hash } from "node:crypto";
import fs from "node:fs/promises";
import { ByteWriter } from "hyparquet-writer";

/** What publication records for each file: its size and SHA-256, computed while writing (no second read). */
export interface WrittenFile {
  path: string;
  sizeBytes: number;
  sha256: string;
}

/** An append-only file that hashes and counts what goes through it. */
export class HashingFile {
  private readonly hash: Hash = createHash("sha256");
  private size = 0;

  private constructor(
    readonly path: string,
    private readonly handle: fs.FileHandle,
  ) {}

  static async create(path: string): Promise<HashingFile> {
    return new HashingFile(path, await fs.open(path, "wx"));
  }

  async write(bytes: Uint8Array): Promise<void> {
    this.hash.update(bytes);
    this.size += bytes.byteLength;
    let offset = 0;
    while (offset < bytes.byteLength) {
      const { bytesWritten } = await this.handle.write(bytes, offset, bytes.byteLength - offset);
      offset += bytesWritten;
    }
  }

  async close(): Promise<WrittenFile> {
    await this.handle.close();
    return { path: this.path, sizeBytes: this.size, sha256: this.hash.digest("hex") };
  }

  /** Closes without a result, for the failure path. */
  async abort(): Promise<void> {
    await this.handle.close().catch(() => undefined);
  }
}

/**
 * The Parquet writer's byte sink. The writer encodes one row group into the buffer and then awaits `flush`, which
 * drains the buffer to the file: memory holds at most one encoded row group.
 */
export class ParquetFileWriter extends ByteWriter {
  constructor(private readonly file: HashingFile) {
    super(1 << 20);
  }

  /** Called by the writer after each row group; call it once more after `finish()` for the footer. */
  async flush(): Promise<void> {
    if (this.index === 0) return;
    await this.file.write(new Uint8Array(this.buffer, 0, this.index));
    this.index = 0;
  }

  override getBuffer(): ArrayBuffer {
    throw new Error("ParquetFileWriter streams to a file; there is no buffer to return");
  }
}

/** Text lines batched into ~1 MB writes. */
export class LineWriter {
  private parts: string[] = [];
  private pending = 0;
  private readonly encoder = new TextEncoder();

  constructor(
    private readonly file: HashingFile,
    private readonly batchChars = 1 << 20,
  ) {}

  /** Resolves at once unless a batch is due; awaiting it keeps memory bounded when the disk is slower. */
  line(text: string): Promise<void> | undefined {
    this.parts.push(text, "\n");
    this.pending += text.length + 1;
    return this.pending >= this.batchChars ? this.drain() : undefined;
  }

  async drain(): Promise<void> {
    if (this.parts.length === 0) return;
    const chunk = this.parts.join("");
    this.parts = [];
    this.pending = 0;
    await this.file.write(this.encoder.encode(chunk));
  }
}
