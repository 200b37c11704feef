import type { Db } from "@/db/client";
import type { FlagReader } from "./args";

/** One operator command: it returns the JSON object to print, or throws an DomainError. */
export interface Command {
  usage: string;
  summary: string;
  flags: readonly string[];
  /** False for commands that never touch the database (help). */
  needsDb?: boolean;
  run(flags: FlagReader, db: Db): Promise<Record<string, unknown>>;
}
