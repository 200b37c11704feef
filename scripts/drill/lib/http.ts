export interface Sent {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string as-is. */
  body?: unknown;
  /** The client timeout; spec 4.1 recommends 60 s for a generation. */
  timeoutMs?: number;
}

/** The fields of the contract's bodies that the drills read; anything else is there as unknown. */
export interface Body {
  [field: string]: unknown;
  error?: string;
  message?: string;
  mensaje?: string;
  informe_id?: string | null;
  cache_hit?: boolean;
  tipo_accion?: string | null;
  tipo_accion_estimado?: string;
  costo_unidades?: number;
  status?: string;
  cuit?: string;
  sections?: Record<string, { status: string; error_reason?: string }>;
  items?: { id: string; cuit: string }[];
}

export interface Received {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: Body | undefined;
  ms: number;
  /** Set instead of a status when no answer came: `timeout`, or the socket error's code. */
  error?: string;
}

/** One request; never throws. A transport failure comes back as status 0 with `error`. */
export async function send(base: string, r: Sent): Promise<Received> {
  const headers: Record<string, string> = { ...r.headers };
  let body: string | undefined;
  if (r.body !== undefined) {
    body = typeof r.body === "string" ? r.body : JSON.stringify(r.body);
    if (typeof r.body !== "string") headers["content-type"] ??= "application/json";
  }
  const started = performance.now();
  try {
    const res = await fetch(`${base}${r.path}`, {
      method: r.method ?? "GET",
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(r.timeoutMs ?? 60_000),
    });
    const text = await res.text();
    let json: Body | undefined;
    try {
      json = text ? (JSON.parse(text) as Body) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, text, json, ms: performance.now() - started };
  } catch (e) {
    const err = e as { name?: string; cause?: { code?: string }; code?: string };
    const error = err.name === "TimeoutError" ? "timeout" : (err.cause?.code ?? err.code ?? err.name ?? "error");
    return { status: 0, headers: new Headers(), text: "", json: undefined, ms: performance.now() - started, error };
  }
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** A stack frame, a source path with a line number, or an exception class name: none may reach a client. */
const STACK = /\n\s+at\s|\bat [\w$.<>]+ \(|\b(file|node):\/\/?|\.(ts|tsx|js|mjs|cjs):\d+|\b(TypeError|ReferenceError|RangeError|SyntaxError|PostgresError)\b|ECONNREFUSED|node_modules/;

export const leaksInternals = (text: string): boolean => STACK.test(text);

export { sleep } from "@/scripts/lib/next-process";

/** Runs `tasks` with at most `width` in flight, in order of the array. */
export async function pooled<T>(width: number, count: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}
