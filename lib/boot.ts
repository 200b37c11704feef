import http from "node:http";
import { getDb } from "@/db/client";
import { lowerEmbeddedPriority, signalEmbeddedStop } from "@/db/embedded";
import { installDatabase, prepareBootSeed } from "@/lib/database-boot";
import { env, EnvError } from "@/lib/env";
import { PEER_HEADER } from "@/lib/http/client-ip";
import { refuseUnknownMethod } from "@/lib/http/method-guard";
import { strictTransportSecurity } from "@/lib/http/strict-transport";
import { startWorkers, stopWorkers } from "@/lib/jobs/start";
import { log } from "@/lib/log";

/**
 * Route handlers see headers, not sockets. Every incoming request gets the socket's remote address in a header
 * of ours, overwriting anything a client sent under that name, so the client IP is known without trusting
 * X-Forwarded-For. Every response of an https deployment gets Strict-Transport-Security, which depends on the
 * runtime APP_URL and so cannot be one of next.config.ts's build-time headers. A method Next does not serve is
 * answered 405 here, before Next turns it into a 500.
 */
function stampEveryRequest(): void {
  const hsts = strictTransportSecurity(env().APP_URL);
  const proto = http.Server.prototype as { emit: (event: string, ...args: unknown[]) => boolean; __legajoPatched?: true };
  if (proto.__legajoPatched) return;
  const original = proto.emit;
  proto.emit = function (this: http.Server, event: string, ...args: unknown[]) {
    if (event === "request") {
      const req = args[0] as http.IncomingMessage;
      req.headers[PEER_HEADER] = req.socket?.remoteAddress ?? "unknown";
      if (hsts) (args[1] as http.ServerResponse).setHeader("Strict-Transport-Security", hsts);
      if (refuseUnknownMethod(req, args[1] as http.ServerResponse)) return true;
    }
    return original.call(this, event, ...args);
  };
  proto.__legajoPatched = true;
}

/**
 * The job workers (lib/jobs) run inside the web process. On a stop signal they stop taking jobs beside Next's own
 * drain; a job cut short by the exit is resumed by the next worker to start (lib/batches/process).
 */
function startJobWorkers(): void {
  startWorkers().catch((err: unknown) => log().error({ err }, "job workers did not start"));
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => void stopWorkers().catch(() => undefined));
}

/**
 * Server start: validate the configuration (a wrong value stops the start with one message naming it), then start
 * or attach to the database, migrate and seed an empty database, beside Next's own start rather than before it:
 * meanwhile `/healthz` answers, `/readyz` says 503 and a request waits for the database (getDb). A database that
 * cannot be brought up stops the process. The embedded database runs below the app in the CPU scheduler
 * (lowerEmbeddedPriority). Next's own signal handling closes the HTTP server and lets in-flight
 * requests finish before the process exits; at exit the embedded Postgres this process started is asked to shut
 * down.
 */
export function boot(): void {
  try {
    env();
  } catch (e) {
    if (e instanceof EnvError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  stampEveryRequest();
  installDatabase();
  process.once("exit", signalEmbeddedStop);
  const started = performance.now();
  prepareBootSeed();
  getDb().then(
    () => {
      log().info({ ms: Math.round(performance.now() - started), database: env().DATABASE_URL ? "external" : "embedded" }, "database ready");
      lowerEmbeddedPriority();
      startJobWorkers();
    },
    () => process.exit(1),
  );
}
