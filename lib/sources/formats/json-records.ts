import type { Member } from "./archive";
import { emptyFile, wrongEncoding } from "./types";

/** One record of a JSON publication with the line it starts on, for bad-line reports. */
export interface JsonRecord {
  value: unknown;
  line: number;
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/** A member's whole text, UTF-8 without BOM. These publications are small (a few MB at most). */
export async function memberText(member: Member): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await member.open()) as AsyncIterable<Buffer>) chunks.push(chunk);
  let text: string;
  try {
    text = UTF8.decode(Buffer.concat(chunks));
  } catch {
    throw wrongEncoding(member.name, "UTF-8", "tiene bytes que no son UTF-8 (¿está en latin-1 o Windows-1252?)");
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (!text.trim()) throw emptyFile(member.name);
  return text;
}

/** Lines on which each element of a top-level JSON array starts (a scan that skips over strings). */
function elementLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let expectValue = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\n") line++;
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (depth === 1 && expectValue && !/\s/.test(c) && c !== "]") {
      lines.push(line);
      expectValue = false;
    }
    if (c === '"') inString = true;
    else if (c === "[" || c === "{") {
      depth++;
      if (depth === 1) expectValue = true;
    } else if (c === "]" || c === "}") depth--;
    else if (c === "," && depth === 1) expectValue = true;
  }
  return lines;
}

/**
 * The records of a JSON publication: a top-level array, an object wrapping one (`{"d": [...]}` as ASP.NET services
 * answer, or any single array-valued key), or JSON lines (one object a line). Null when the text is none of those:
 * the caller names the format it expected.
 */
export function jsonRecords(text: string): JsonRecord[] | null {
  const trimmed = text.trimStart();
  if (trimmed.startsWith("[") || trimmed.startsWith("{")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (Array.isArray(parsed)) {
      const lines = elementLines(text);
      return (parsed as unknown[]).map((value, i) => ({ value, line: lines[i] ?? 1 }));
    }
    if (parsed && typeof parsed === "object") {
      const arrays = Object.values(parsed).filter((v): v is unknown[] => Array.isArray(v));
      if (arrays.length === 1) return arrays[0].map((value) => ({ value, line: 1 }));
      return [{ value: parsed, line: 1 }];
    }
  }
  const records: JsonRecord[] = [];
  const lines = text.split("\n");
  for (const [i, raw] of lines.entries()) {
    if (!raw.trim()) continue;
    try {
      records.push({ value: JSON.parse(raw), line: i + 1 });
    } catch {
      if (records.length === 0) return null;
      records.push({ value: undefined, line: i + 1 });
    }
  }
  return records.length ? records : null;
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
