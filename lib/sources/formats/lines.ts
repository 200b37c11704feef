import type { Readable } from "node:stream";
import type { Member } from "./archive";
import { emptyFile, wrongEncoding } from "./types";

/** Lines read from one chunk of a file, without the line end, numbered from `first`. */
export interface LineBatch<T = Buffer> {
  lines: T[];
  /** Line number of `lines[0]` (1-based). */
  first: number;
}

type Splitter<T> = (stream: Readable | AsyncIterable<Buffer>, onBytes?: (n: number) => void) => AsyncGenerator<LineBatch<T>>;

/**
 * Splits a byte stream into lines (LF or CRLF; a last line without its end counts), in batches of one chunk each so
 * that a file of millions of lines costs one iteration per chunk, not per line. Memory holds one chunk.
 */
export async function* byteLines(stream: Readable | AsyncIterable<Buffer>, onBytes?: (n: number) => void): AsyncGenerator<LineBatch> {
  let rest: Buffer | null = null;
  let line = 1;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    onBytes?.(chunk.length);
    const buf: Buffer = rest ? Buffer.concat([rest, chunk]) : chunk;
    const lines: Buffer[] = [];
    let start = 0;
    for (let nl = buf.indexOf(10, start); nl !== -1; nl = buf.indexOf(10, start)) {
      lines.push(buf.subarray(start, nl > start && buf[nl - 1] === 13 ? nl - 1 : nl));
      start = nl + 1;
    }
    rest = start < buf.length ? buf.subarray(start) : null;
    if (lines.length) {
      yield { lines, first: line };
      line += lines.length;
    }
  }
  if (rest && rest.length) yield { lines: [rest[rest.length - 1] === 13 ? rest.subarray(0, -1) : rest], first: line };
}

/**
 * The lines of a single-byte (latin-1) file as text: each chunk is decoded once and its lines are slices of it, so a
 * file of millions of lines allocates no buffer per line. A line's length is its byte length.
 */
export async function* latin1Lines(stream: Readable | AsyncIterable<Buffer>, onBytes?: (n: number) => void): AsyncGenerator<LineBatch<string>> {
  let rest = "";
  let line = 1;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    onBytes?.(chunk.length);
    const text = rest + chunk.toString("latin1");
    const lines: string[] = [];
    let start = 0;
    for (let nl = text.indexOf("\n"); nl !== -1; nl = text.indexOf("\n", start)) {
      lines.push(text.slice(start, nl > start && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl));
      start = nl + 1;
    }
    rest = text.slice(start);
    if (lines.length) {
      yield { lines, first: line };
      line += lines.length;
    }
  }
  if (rest) yield { lines: [rest.endsWith("\r") ? rest.slice(0, -1) : rest], first: line };
}

/** A batch of lines of one member, with the bytes read so far of every member (for the progress bar). */
export interface MemberBatch<T = Buffer> extends LineBatch<T> {
  member: Member;
  progress: { done: number; total?: number };
}

/** Reads members one after the other as line batches (bytes, or text with `latin1Lines`). An empty member stops the import. */
export function memberLines(list: readonly Member[]): AsyncGenerator<MemberBatch>;
export function memberLines<T>(list: readonly Member[], split: Splitter<T>): AsyncGenerator<MemberBatch<T>>;
export async function* memberLines<T>(list: readonly Member[], split: Splitter<T> = byteLines as unknown as Splitter<T>): AsyncGenerator<MemberBatch<T>> {
  const total = list.every((m) => m.size !== undefined) ? list.reduce((n, m) => n + m.size!, 0) : undefined;
  let done = 0;
  for (const member of list) {
    let bytes = 0;
    for await (const batch of split(await member.open(), (n) => ((bytes += n), (done += n)))) {
      yield { ...batch, member, progress: { done, total } };
    }
    if (bytes === 0) throw emptyFile(member.name);
  }
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/** One line of a UTF-8 publication; a byte sequence that is not UTF-8 stops the import (it is another encoding). */
export function utf8(line: Buffer, file: string, number: number): string {
  try {
    return UTF8.decode(line);
  } catch {
    throw wrongEncoding(file, "UTF-8", `la línea ${number} tiene bytes que no son UTF-8 (¿está en latin-1 o Windows-1252?)`);
  }
}

/**
 * A fixed-width line of a single-byte publication whose byte length is off: when it is valid UTF-8 with accented
 * letters and its character count is right, the file was re-saved as UTF-8, which is the useful thing to say.
 */
export function reencodedAsUtf8(line: Buffer, width: number): boolean {
  if (line.length <= width || !line.some((b) => b >= 0x80)) return false;
  try {
    return [...UTF8.decode(line)].length === width;
  } catch {
    return false;
  }
}
