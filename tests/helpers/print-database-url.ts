/**
 * Child-process half of tests/integration/embedded.test.ts: boots the way the server and the CLI do, through
 * ensureDatabase(), and prints the URL it got. Run with DATA_DIR set and DATABASE_URL unset.
 */
import { ensureDatabase } from "@/db/client";
import { installDatabase } from "@/lib/database-boot";

installDatabase();
ensureDatabase().then(
  (url) => {
    process.stdout.write(`${url}\n`);
    process.exit(0);
  },
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
