import { getDb } from "@/db/client";
import { demoOutcomes, type DemoOutcomes } from "@/lib/sources/demo/outcomes";

let cached: Promise<DemoOutcomes> | undefined;

/** CUITs of the loaded demo by report outcome (classified by running the engine), cached per worker. */
export function demoCuits(): Promise<DemoOutcomes> {
  cached ??= getDb().then((db) => demoOutcomes(db, 30));
  return cached;
}
