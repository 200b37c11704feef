import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";

const FILE = path.join(process.cwd(), "node_modules", "@scalar", "api-reference", "dist", "browser", "standalone.js");

// GET /docs/scalar.js – Scalar's browser bundle, served from node_modules so the reference needs no CDN
export function GET(): Response {
  const { size } = fs.statSync(FILE);
  return new Response(Readable.toWeb(fs.createReadStream(FILE)) as ReadableStream, {
    headers: {
      "content-type": "text/javascript; charset=utf-8",
      "content-length": String(size),
      "cache-control": "public, max-age=86400",
    },
  });
}
