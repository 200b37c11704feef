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
];

export function scrubText(text: string): string {
  return SECRET_TEXT.reduce((t, [pattern, replacement]) => t.replace(pattern, replacement), text);
}

const hasToJson = (v: object): v is { toJSON(): unknown } => typeof (v as { toJSON?: unknown }).toJSON === "function";

/** Errors are left to `scrubError` (the `err` serializer); objects with a JSON form (Date, URL, Buffer) use it. */
function scrub(value: unknown, depth: number): unknown {
  if (typeof value === "string") return scrubText(value);
  if (depth > 6 || value === null || typeof value !== "object" || value instanceof Error) return value;
  if (hasToJson(value)) return scrub(value.toJSON(), depth + 1);
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_FIELD.test(k) && v != null ? CENSOR : scrub(v, depth + 1);
  return out;
}

function scrubError(err: unknown): unknown {
  if (!(err instanceof Error)) return scrub(err, 0);
  // The serializer's result has its own prototype; its enumerable fields (type, message, stack, cause…) are the log.
  return scrub({ ...pino.stdSerializers.err(err) }, 0);
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
