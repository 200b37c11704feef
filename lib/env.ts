import path from "node:path";
import { z } from "zod";

const flag = z
  .enum(["true", "false", "1", "0"], { error: "must be true or false" })
  .transform((v) => v === "true" || v === "1");
/** TRUST_PROXY: how many proxies in front of the app append to X-Forwarded-For; `true` is one, `false` none. */
const PROXY_HOPS_ERROR = "must be true, false or the number of trusted proxies in front of the app (0-10)";
const proxyHops = z
  .string()
  .regex(/^(true|false|\d{1,2})$/, { error: PROXY_HOPS_ERROR })
  .transform((v) => (v === "true" ? 1 : v === "false" ? 0 : Number(v)))
  .refine((n) => n <= 10, { error: PROXY_HOPS_ERROR });
const fraction = { error: "must be a number greater than 0 and at most 1" };
const origins = z
  .string()
  .transform((v) => v.split(",").map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.url({ error: "must be a comma-separated list of origins such as https://app.example.com" })));

/** Every environment variable the app reads. Empty strings count as unset. */
const envSchema = z
  .object({
    DATA_DIR: z.string().default(".data"),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// URL" }).optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
    APP_URL: z.url({ error: "must be an absolute URL such as https://legajo.example.com" }).optional(),
    TRUSTED_ORIGINS: origins.default([]),
    NEXTAUTH_SECRET: z.string().min(32, { error: "must be at least 32 characters" }).optional(),
    TRUST_PROXY: proxyHops.default(0),
    UPSTASH_REDIS_REST_URL: z.url({ protocol: /^https?$/, error: "must be an https:// URL (http:// for a local emulator)" }).optional(),
    UPSTASH_REDIS_REST_TOKEN: z.string().optional(),
    REDIS_URL: z.url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL" }).optional(),
    RATE_LIMIT_TIMEOUT_MS: z.coerce.number().int().min(1).default(500),
    RATE_LIMIT_PREFIX: z.string().regex(/^[\w.:-]+$/, { error: "must be letters, digits, dots, colons, dashes or underscores" }).default("legajo"),
    S3_BUCKET: z.string().optional(),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: flag.optional(),
    CATALOG_RETENTION: z.coerce.number().int().min(1, { error: "must be a whole number of snapshots, at least 1" }).default(12),
    ENGINE_SOURCE_TIMEOUT_MS: z.coerce.number().int().min(1).default(2000),
    BCRA_API_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://api.bcra.gob.ar" }).default("https://api.bcra.gob.ar"),
    // Lowest name similarity of a sanctions-list match (lib/engine/sources/screening.ts).
    SCREENING_NAME_THRESHOLD: z.coerce.number(fraction).gt(0, fraction).max(1, fraction).default(0.9),
    // Reliability drills: "comex:slow,marcas:throw" (lib/engine/faults.ts reads it on every report).
    ENGINE_FAULTS: z
      .string()
      .regex(/^(identidad|crediticio|cheques|screening|comex|riesgoFiscal|marcas|concursos):(slow|throw)(,(identidad|crediticio|cheques|screening|comex|riesgoFiscal|marcas|concursos):(slow|throw))*$/, {
        error: 'must be a comma-separated list of source:fault, with fault slow or throw (e.g. "comex:slow,marcas:throw")',
      })
      .default(""),
    // Tests and drills only: makes every report generation fail just before its writes and commit (lib/reports/generate.ts).
    REPORT_PERSIST_FAULT: z.enum(["throw", "disconnect"]).optional(),
    DEMO_CUITS: z.coerce.number().int().min(100).default(3000),
    SEED_DEMO: flag.optional(),
    // Benchmarks only: serves GET /bench/bare, the baseline `npm run bench` measures every endpoint against.
    LEGAJO_BENCH_ROUTES: flag.default(false),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    // Tests and local development: webhook URLs may point at loopback, private or link-local addresses.
    WEBHOOK_ALLOW_PRIVATE: flag.default(false),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL (smtp://user:password@host:587)" }).optional(),
    MAIL_FROM: z.string().regex(/@/, { error: 'must be an address, optionally with a name: "Legajo <no-reply@example.com>"' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (!!v.UPSTASH_REDIS_REST_URL !== !!v.UPSTASH_REDIS_REST_TOKEN) {
      ctx.addIssue({
        code: "custom",
        path: [v.UPSTASH_REDIS_REST_URL ? "UPSTASH_REDIS_REST_TOKEN" : "UPSTASH_REDIS_REST_URL"],
        message: "UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN must be set together",
      });
    }
    if (v.REDIS_URL && v.UPSTASH_REDIS_REST_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["REDIS_URL"],
        message: "set either REDIS_URL or UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN, not both",
      });
    }
    if (v.SMTP_URL && !v.APP_URL) {
      // Links in real mail are built from APP_URL only: a request's Host header must never choose where a reset
      // link points.
      ctx.addIssue({ code: "custom", path: ["SMTP_URL"], message: "needs APP_URL, which the links in every e-mail are built from" });
    }
    if (!!v.S3_ACCESS_KEY_ID !== !!v.S3_SECRET_ACCESS_KEY) {
      ctx.addIssue({
        code: "custom",
        path: [v.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"],
        message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together",
      });
    }
  });

export type Env = z.infer<typeof envSchema> & { dataDir: string };

/** The names of every variable the app reads (the README documents each one). */
export const ENV_NAMES: readonly string[] = Object.keys(envSchema.shape);

export class EnvError extends Error {
  override name = "EnvError";
}

/** Parses `source` (default `process.env`); throws one message naming each wrong variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((i) => {
      const [name = "env", entry] = i.path;
      // A list variable names the variable and the entry at fault, not zod's path ("TRUSTED_ORIGINS.1").
      const where = typeof entry === "number" ? ` (entry ${entry + 1})` : "";
      return `${String(name)}${where}: ${i.message}`;
    });
    throw new EnvError(`Invalid configuration. ${lines.join("; ")}`);
  }
  return { ...result.data, dataDir: path.resolve(result.data.DATA_DIR) };
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv();
  return cached;
}
