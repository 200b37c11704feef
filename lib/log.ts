import pino, { type Logger } from "pino";
import { env } from "./env";

/** Paths that must never reach a log line: keys, cookies, passwords, secrets. */
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

export function createLogger(stream: pino.DestinationStream, level = "info"): Logger {
  return pino({ level, base: { service: "legajo" }, redact: { paths: REDACT_PATHS, censor: "[redacted]" } }, stream);
}

export function log(): Logger {
  instance ??= createLogger(pino.destination({ fd: destination, sync: true }), env().LOG_LEVEL);
  return instance;
}
