import pino, { type Logger } from "pino";
import { env } from "./env";

const CENSOR = "[redacted]";
/** Field names whose values never reach a log line, at any depth. */
const SECRET_FIELD = /password|secret|token|authorization|cookie|^key$|api[-_]?key/i;
/** Secrets that can hide inside free text (an error message, a URL): API keys, session JWTs, URL credentials. */
const SECRET_TEXT: [RegExp, string][] = [
  [/lgj_[0-9A-Za-z]{8,}/g, CENSOR],
  [/eyJ[\w-]{8,}(?:\.[\w-]*){2,4}/g, CENSOR],
  [/(\b[a-z][a-z0-9+.-]*:\/\/[^:/@\s]*:)[^@\s]+@/gi, `$1${CENSOR}@`],
  // Password hashes, wherever a row or a value quotes one.
  [/\$argon2(?:id|i|d)\$[^\s,)'"]+/g, CENSOR],
  // Postgres quotes the whole offending row in a constraint violation's detail.
  [/(Failing row contains )\(.*\)/g, `$1(${CENSOR})`],
];

export function scrubText(text: string): string {
  return SECRET_TEXT.reduce((t, [pattern, replacement]) => t.replace(pattern, replacement), text);
}

const hasToJson = (v: object): v is { toJSON(): unknown } => typeof (v as { toJSON?: unknown }).toJSON === "function";

/** Errors go through `scrubError` wherever they sit; objects with a JSON form (Date, URL, Buffer) use it. */
function scrub(value: unknown, depth: number): unknown {
  if (typeof value === "string") return scrubText(value);
  if (value instanceof Error) return scrubError(value);
  if (depth > 6 || value === null || typeof value !== "object") return value;
  if (hasToJson(value)) return scrub(value.toJSON(), depth + 1);
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_FIELD.test(k) && v != null ? CENSOR : scrub(v, depth + 1);
  return out;
}

/**
 * Fields of a failed query's error: drizzle sets `query` and `params`, postgres.js `query`, `parameters`, `args`
 * and `types` (enumerable in its debug mode). Parameters hold whatever was written: password hashes, emails.
 */
const QUERY_FIELDS = ["query", "params", "parameters", "args", "types"];
const QUERY_OMITTED = "Failed query (its text and parameters are not logged)";

/** The errors of a cause chain, `err` first (bounded: causes can be circular). */
function causeChain(err: Error): Error[] {
  const chain: Error[] = [];
  for (let e: unknown = err; e instanceof Error && !chain.includes(e) && chain.length < 10; e = e.cause) chain.push(e);
  return chain;
}

function scrubError(err: unknown): unknown {
  if (!(err instanceof Error)) return scrub(err, 0);
  // The serializer's result has its own prototype; its enumerable fields (type, message, stack, cause…) are the log.
  const out: Record<string, unknown> = { ...pino.stdSerializers.err(err) };
  for (const field of QUERY_FIELDS) delete out[field];
  // drizzle writes the query and its parameters into the message itself, which also heads the stack; the
  // serializer copies each message of the chain into `message` and `stack`.
  for (const e of causeChain(err)) {
    if (!e.message.startsWith("Failed query:")) continue;
    for (const key of ["message", "stack"]) {
      if (typeof out[key] === "string") out[key] = out[key].split(e.message).join(QUERY_OMITTED);
    }
  }
  if (Array.isArray(out.aggregateErrors)) out.aggregateErrors = (err as AggregateError).errors.map(scrubError);
  return scrub(out, 0);
}

/** Paths pino itself censors; `scrub` covers the same names at any depth and secrets inside text. */
export const REDACT_PATHS = [
  "key",
  "password",
  "secret",
  "token",
  "authorization",
  "cookie",
  "*.key",
  "*.password",
  "*.secret",
  "*.token",
  "*.authorization",
  "*.cookie",
  "headers.authorization",
  "headers.cookie",
  "req.headers.authorization",
  "req.headers.cookie",
];

let destination: number = 1;
let instance: Logger | undefined;

/** The operator CLI prints its JSON on stdout, so it sends logs to stderr. */
export function logToStderr(): void {
  destination = 2;
  instance = undefined;
}

/**
 * One JSON object per line. Keys, cookies, passwords and other secrets are censored by field name at any depth
 * and by shape inside strings (messages and error texts included), so a careless log call cannot leak them.
 */
export function createLogger(stream: pino.DestinationStream, level = "info"): Logger {
  return pino(
    {
      level,
      base: { service: "legajo" },
      redact: { paths: REDACT_PATHS, censor: CENSOR },
      formatters: { log: (obj) => scrub(obj, 0) as Record<string, unknown> },
      serializers: { err: scrubError },
      hooks: {
        logMethod(args, method) {
          method.apply(this, args.map((a) => (typeof a === "string" ? scrubText(a) : a)) as Parameters<typeof method>);
        },
      },
    },
    stream,
  );
}

/** A configuration error must still be reportable, so the level falls back to info when the env is invalid. */
function configuredLevel(): string {
  try {
    return env().LOG_LEVEL;
  } catch {
    return "info";
  }
}

export function log(): Logger {
  instance ??= createLogger(pino.destination({ fd: destination, sync: true }), configuredLevel());
  return instance;
}

/** Replaces the process logger (tests capture lines in memory); `null` restores the default on next use. */
export function setLogger(logger: Logger | null): void {
  instance = logger ?? undefined;
}
