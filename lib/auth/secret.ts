import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";

let cached: string | undefined;

/**
 * The session-signing secret: `NEXTAUTH_SECRET`, or one generated once and kept in DATA_DIR so that sessions
 * survive restarts and every process of the same DATA_DIR agrees on it.
 */
export function authSecret(): string {
  if (cached) return cached;
  const e = env();
  if (e.NEXTAUTH_SECRET) return (cached = e.NEXTAUTH_SECRET);
  const file = path.join(e.dataDir, "nextauth-secret");
  fs.mkdirSync(e.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  cached = fs.readFileSync(file, "utf8").trim();
  return cached;
}
