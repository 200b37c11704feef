import autocannon from "autocannon";
import { percentile } from "./stats";

export interface RequestSpec {
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface PhaseResult {
  connections: number;
  seconds: number;
  /** Responses received (any status). */
  responses: number;
  rps: number;
  /** Latency of every response, in ms, measured per request (autocannon's own histogram rounds to whole ms). */
  p50: number;
  p99: number;
  /** Non-2xx responses plus socket errors and timeouts. */
  errors: number;
  statuses: Record<string, number>;
  /** What `onBody` counted (for example `tipo_accion`). */
  tags: Record<string, number>;
}

export interface PhaseOptions {
  url: string;
  connections: number;
  seconds: number;
  /** The next request to send; called once per request, so each can carry its own key, IP and body. */
  next: () => RequestSpec;
  /** Classifies a response body into a tag to count; reading bodies costs the load generator, so only when asked. */
  tag?: (status: number, body: string) => string | null;
}

/**
 * One closed-loop phase: `connections` keep-alive connections, each sending its next request as soon as the
 * previous answered, for `seconds`. Requests are built one by one so that per-account and per-IP limits see
 * traffic spread over many keys and addresses, as a real population of clients would send it.
 */
export function runPhase(options: PhaseOptions): Promise<PhaseResult> {
  const latencies: number[] = [];
  const tags: Record<string, number> = {};
  const request: autocannon.Request = {
    setupRequest: (req) => {
      const spec = options.next();
      return { ...req, method: spec.method, path: spec.path, headers: spec.headers, body: spec.body ?? "" };
    },
  };
  if (options.tag) {
    const tag = options.tag;
    request.onResponse = (status, body) => {
      const t = tag(status, body);
      if (t) tags[t] = (tags[t] ?? 0) + 1;
    };
  }
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: options.url, connections: options.connections, duration: options.seconds, pipelining: 1, timeout: 30, requests: [request] },
      (err, result) => {
        if (err) return reject(err instanceof Error ? err : new Error(String(err)));
        latencies.sort((a, b) => a - b);
        const statuses: Record<string, number> = {};
        for (const [code, s] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = s.count ?? 0;
        const ok = Object.entries(statuses).reduce((n, [code, c]) => n + (code.startsWith("2") ? c : 0), 0);
        resolve({
          connections: options.connections,
          seconds: result.duration,
          responses: latencies.length,
          rps: latencies.length / result.duration,
          p50: percentile(latencies, 50),
          p99: percentile(latencies, 99),
          errors: latencies.length - ok + result.errors,
          statuses: result.errors ? { ...statuses, socket_errors: result.errors } : statuses,
          tags,
        });
      },
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}
