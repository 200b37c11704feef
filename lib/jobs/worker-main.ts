import { closeDb, getDb, setApplicationName } from "@/db/client";
import { installDatabase } from "@/lib/database-boot";
import { stopEmbedded } from "@/db/embedded";
import { env, EnvError } from "@/lib/env";
import { log } from "@/lib/log";
import { startWorkers, stopWorkers } from "./start";

/**
 * `npm run worker`: the job handlers of the web app in a process of their own, on the same database (DATABASE_URL,
 * or the embedded Postgres of DATA_DIR). Run any number of them; each job is taken by one. SIGTERM or SIGINT stop
 * fetching, let running jobs finish and exit 0; a worker killed outright loses nothing (see lib/batches/process).
 */
async function main(): Promise<void> {
  try {
    env();
  } catch (e) {
    if (e instanceof EnvError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  setApplicationName("legajo-worker");
  installDatabase();
  await getDb();
  await startWorkers();
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log().info({ signal }, "worker stopping");
    await stopWorkers();
    await closeDb();
    await stopEmbedded({ ifIdle: true });
    process.exit(0);
  };
  // pg-boss reports a job it could not mark failed (the database went away mid-job) as a rejection no one awaits.
  // The job is retried once it expires and its batch is re-announced meanwhile: log it rather than die.
  process.on("unhandledRejection", (err) => log().error({ err }, "unhandled rejection in worker"));
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
}

main().catch((err: unknown) => {
  log().fatal({ err }, "worker failed to start");
  process.exit(1);
});
