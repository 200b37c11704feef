import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { now } from "@/lib/clock";
import { DomainError } from "@/lib/errors";
import { contentTypeOf, isObjectKey } from "./driver";
import { getStorage } from "./index";
import type { LocalStorage } from "./local";
import { checkObjectLink, objectSigningKey } from "./signing";

const refused = () => new DomainError("forbidden", { text: "El enlace de descarga no es válido o venció. Pedí uno nuevo." });

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` (one range: what Parquet readers such as DuckDB ask for). */
function parseRange(header: string | null, size: number): { start: number; end: number } | "unsatisfiable" | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === "" && m[2] === "")) return null;
  let start: number;
  let end: number;
  if (m[1] === "") {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  return start > end || start >= size ? "unsatisfiable" : { start, end };
}

/**
 * Serves one object of the local store behind its signed link. The signature covers the key and the expiry, so a
 * changed path, a changed `exp` or a forged `sig` is refused before the disk is touched. The file is streamed.
 */
export async function serveLocalObject(req: Request, segments: string[]): Promise<Response> {
  const storage = getStorage();
  if (storage.kind !== "local") throw new DomainError("not_found");
  const key = segments.join("/");
  const url = new URL(req.url);
  if (!isObjectKey(key)) throw refused();
  const check = checkObjectLink(objectSigningKey(), key, url.searchParams.get("exp"), url.searchParams.get("sig"), Math.floor(now().getTime() / 1000));
  if (check !== "ok") throw refused();
  const found = await (storage as LocalStorage).locate(key);
  if (!found) throw new DomainError("not_found");
  const headers: Record<string, string> = {
    "Content-Type": contentTypeOf(key),
    "Content-Disposition": `attachment; filename="${path.basename(key)}"`,
    "Accept-Ranges": "bytes",
    "Cache-Control": "private, no-store",
  };
  const range = parseRange(req.headers.get("range"), found.sizeBytes);
  if (range === "unsatisfiable") {
    return new Response(null, { status: 416, headers: { ...headers, "Content-Range": `bytes */${found.sizeBytes}` } });
  }
  const { start, end } = range ?? { start: 0, end: found.sizeBytes - 1 };
  const length = found.sizeBytes === 0 ? 0 : end - start + 1;
  headers["Content-Length"] = String(length);
  if (range) headers["Content-Range"] = `bytes ${start}-${end}/${found.sizeBytes}`;
  const status = range ? 206 : 200;
  if (req.method === "HEAD" || length === 0) return new Response(null, { status, headers });
  const stream = fs.createReadStream(found.path, { start, end });
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, { status, headers });
}
