import { afterAll } from "vitest";
import { closeDb } from "@/db/client";
import { installBootSeed } from "@/lib/demo/boot-seed";

// A test file that boots a database of its own (SEED_DEMO=true) gets the demo, as a server would.
installBootSeed();

afterAll(async () => {
  await closeDb();
});
