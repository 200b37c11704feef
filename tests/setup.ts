import { afterAll } from "vitest";
import { closeDb } from "@/db/client";
import { installDatabase } from "@/lib/database-boot";

// A test file that boots a database of its own (SEED_DEMO=true) gets the demo, as a server would.
installDatabase();

afterAll(async () => {
  await closeDb();
});
