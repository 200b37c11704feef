import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, describe, expect, it, vi } from "vitest";
import { EMBEDDED_NICE, lowerEmbeddedPriority, startEmbedded, stopEmbedded } from "@/db/embedded";

/**
 * The embedded Postgres runs below the app in the CPU scheduler (db/embedded.ts, lowerEmbeddedPriority): every
 * backend, which Postgres starts in a session of its own, gets the niceness as its own and as its autogroup's.
 * On a data dir of its own, so that the rest of the suite's database keeps its priority.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "legajo-priority-"));
afterAll(async () => {
  await stopEmbedded();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The session of a process: field 6 of /proc/<pid>/stat, after the parenthesised command name. */
const sessionOf = (pid: number) => Number(fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")[3]);
const autogroupOf = (pid: number): string | null => {
  try {
    return fs.readFileSync(`/proc/${pid}/autogroup`, "utf8").trim();
  } catch {
    return null;
  }
};

describe("the embedded database below the app", () => {
  it("gives every backend, in a session of its own, the lower niceness as its own and its autogroup's", async () => {
    const url = await startEmbedded(dataDir);
    const stop = lowerEmbeddedPriority(50);
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      // A connection opened after the sweep started: its backend is new, and is found by a later sweep.
      const [{ pid }] = await sql<{ pid: number }[]>`select pg_backend_pid() as pid`;
      expect(sessionOf(pid)).toBe(pid);
      // Its own niceness it inherits from the postmaster; its autogroup's, a sweep gives it.
      expect(os.getPriority(pid)).toBe(EMBEDDED_NICE);
      if (autogroupOf(pid) !== null) {
        await vi.waitFor(() => expect(autogroupOf(pid)).toMatch(new RegExp(` nice ${EMBEDDED_NICE}$`)), { timeout: 5_000, interval: 50 });
      }
      // The app's own process keeps its priority.
      expect(os.getPriority()).toBe(0);
      const [{ one }] = await sql<{ one: number }[]>`select 1 as one`;
      expect(one).toBe(1);
    } finally {
      stop();
      await sql.end({ timeout: 1 });
    }
  });
});
