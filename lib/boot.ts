import http from "node:http";
import { getDb } from "@/db/client";
import { signalEmbeddedStop } from "@/db/embedded";
import { env, EnvError } from "@/lib/env";
import { PEER_HEADER } from "@/lib/http/client-ip";
import { log } from "@/lib/log";

/**
 * Route handlers see headers, not sockets. Every incoming request gets the socket's remote address in a header
 * of ours, overwriting anything a client sent under that name, so the client IP is known without trusting
 * X-Forwarded-For.
 */
function stampPeerAddress(): void {
  const proto = http.Server.prototype as { emit: (event: string, ...args: unknown[]) => boolean; __legajoPatched?: true };
  if (proto.__legajoPatched) return;
  const original = proto.emit;
  proto.emit = function (this: http.Server, event: string, ...args: unknown[]) {
    if (event === "request") {
      const req = args[0] as http.IncomingMessage;
      req.headers[PEER_HEADER] = req.socket?.remoteAddress ?? "unknown";
    }
    return original.call(this, event, ...args);
  };
  proto.__legajoPatched = true;
}

/**
 * Server start: validate the configuration (a wrong value stops the start with one message naming it), then start
 * or attach to the database, migrate and seed an empty database, beside Next's own start rather than before it:
 * meanwhile `/healthz` answers, `/readyz` says 503 and a request waits for the database (getDb). A database that
 * cannot be brought up stops the process. Next's own signal handling closes the HTTP server and lets in-flight
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
  stampPeerAddress();
  process.once("exit", signalEmbeddedStop);
  const started = performance.now();
  getDb().then(
    () => log().info({ ms: Math.round(performance.now() - started), database: env().DATABASE_URL ? "external" : "embedded" }, "database ready"),
    () => process.exit(1),
  );
}
