/**
 * Black-box check of the production build: `next start` on a fresh embedded DATA_DIR, then every operation of the
 * contract (spec part 4) over HTTP with an API key, with a web session where the contract allows one, and
 * anonymously where it is public, plus the main error cases, each response (status, body, declared headers)
 * validated against the OpenAPI document that same server serves. Then the hardening checks of issue 13 item 9
 * (security headers, private caching, malformed requests, bench route, CUIT edge cases, login redirect).
 *
 *   npx tsx scripts/check-contract.ts [--dist .next] [--rebuild]
 *
 * Prints one line per check and `N passed, N failed`; exits 1 on any failure. Builds into the dist dir first when
 * it holds no build. Keys and accounts are made with the operator CLI on the server's DATA_DIR.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SwaggerParser from "@apidevtools/swagger-parser";
import type { OpenApiDocument } from "@/lib/openapi/describe";
import { admin } from "./lib/admin-cli";
import { option } from "./lib/args";
import { Checklist } from "./lib/checklist";
import { request, type Received, type Sent } from "./lib/http-request";
import { buildNext, isAlive, ROOT, startNext, waitFor, type NextServer } from "./lib/next-process";
import { contractValidator, type ContractValidator } from "./lib/openapi-validator";
import { signIn } from "./lib/web-session";

const DEMO = { email: "cliente@legajo.demo", password: "legajo-cliente-demo" };
/** A CUIT with a valid check digit (20-12345678-6), and the same with the wrong one. */
const VALID_CUIT = "20123456786";
const BAD_DIGIT_CUIT = "20123456789";

type HeaderSet = Record<string, string>;

interface Ctx {
  base: string;
  list: Checklist;
  validate: ContractValidator;
  /** Credentials: the demo customer (plan Ultimate) by key and by session, a plan Pro account's key, and another
   * Ultimate account's key for the error cases (POST /v1/reports allows 10 calls a minute per account). */
  key: HeaderSet;
  session: HeaderSet;
  pro: HeaderSet;
  other: HeaderSet;
  cuits: { ok: string[] };
  datasets: { published: string; parquet_only: string; plan_restricted: { id: string } };
}

interface Expected {
  status: number;
  error?: string;
  /** Further problems with the response, beyond status, error code and the document. */
  also?: (res: Received) => string[];
}

const bearer = (key: string): HeaderSet => ({ authorization: `Bearer ${key}` });
const errorOf = (res: Received) => (typeof res.json?.error === "string" ? ` ${res.json.error}` : "");

/** One call of the contract: its status, its `error` code and its agreement with the served document. */
async function api(c: Ctx, label: string, sent: Sent, expected: Expected): Promise<Received> {
  const method = sent.method ?? "GET";
  const res = await request(c.base, sent);
  const problems: string[] = [];
  if (res.status !== expected.status) problems.push(`answered ${res.status}${errorOf(res)}`);
  else if (expected.error && res.json?.error !== expected.error) problems.push(`error ${String(res.json?.error)}`);
  problems.push(...c.validate(method, sent.path.split("?")[0], res), ...(expected.also?.(res) ?? []));
  c.list.record(`${method} ${sent.path} ${label} -> ${expected.status}${expected.error ? ` ${expected.error}` : ""}`, problems);
  return res;
}

/** A request outside the contract, checked by `problemsOf` alone. */
async function raw(c: Ctx, label: string, sent: Sent, problemsOf: (res: Received) => string[]): Promise<Received> {
  const res = await request(c.base, sent);
  c.list.record(`${sent.method ?? "GET"} ${sent.path} ${label}`, problemsOf(res));
  return res;
}

const post = (body: unknown, headers: HeaderSet): Sent => ({ method: "POST", path: "/v1/reports", headers, body });

/** The operations of spec part 4, each called below. */
const CONTRACT = [
  "post /v1/reports",
  "get /v1/reports",
  "get /v1/reports/{id}",
  "get /v1/reports/quote",
  "get /v1/balance",
  "get /v1/prices",
  "get /v1/datasets",
  "get /v1/datasets/{id}",
  "get /v1/datasets/{id}/snapshot",
  "get /v1/openapi.json",
];

/** The first thing asked of a new server: the document everything else is validated against. */
async function servedDocument(base: string, list: Checklist): Promise<OpenApiDocument | undefined> {
  const res = await request(base, { path: "/v1/openapi.json" });
  const problems = res.status === 200 ? [] : [`answered ${res.status}${errorOf(res)}`];
  const doc = res.json as unknown as OpenApiDocument;
  if (!problems.length) {
    await SwaggerParser.validate(structuredClone(doc) as never).catch((e: Error) => problems.push(`not valid OpenAPI: ${e.message}`));
    const operations = Object.entries(doc.paths ?? {}).flatMap(([p, item]) => Object.keys(item).map((m) => `${m} ${p}`));
    const missing = CONTRACT.filter((op) => !operations.includes(op));
    if (missing.length) problems.push(`lacks ${missing.join(", ")}`);
  }
  list.record("GET /v1/openapi.json (first request of the server) -> 200, valid OpenAPI 3.0 with the contract's 10 operations", problems);
  return problems.length ? undefined : doc;
}

async function reports(c: Ctx): Promise<void> {
  const [cuit, otherCuit] = c.cuits.ok;
  const idempotencyKey = randomUUID();
  await api(c, "key, no Idempotency-Key", post({ cuit }, c.key), { status: 200 });
  const first = await api(c, "key, new Idempotency-Key", post({ cuit }, { ...c.key, "idempotency-key": idempotencyKey }), { status: 200 });
  await api(c, "key, same Idempotency-Key (replay)", post({ cuit }, { ...c.key, "idempotency-key": idempotencyKey }), {
    status: 200,
    also: (res) => [
      ...(res.headers.get("idempotent-replayed") === "true" ? [] : ["no Idempotent-Replayed: true"]),
      ...(res.json?.cache_hit === true ? [] : ["cache_hit is not true"]),
      ...(res.json?.informe_id === first.json?.informe_id ? [] : ["another informe_id than the original"]),
    ],
  });
  await api(c, "same Idempotency-Key, another CUIT", post({ cuit: otherCuit }, { ...c.key, "idempotency-key": idempotencyKey }), {
    status: 409,
    error: "idempotency_key_conflict",
  });
  await api(c, "session, same origin", post({ cuit }, c.session), { status: 200 });
  await api(c, "session, foreign Origin", post({ cuit }, { ...c.session, origin: "https://evil.example" }), { status: 403, error: "forbidden" });
  await api(c, "no credentials", post({ cuit }, {}), { status: 401, error: "unauthenticated" });
  await api(c, "wrong check digit", post({ cuit: BAD_DIGIT_CUIT }, c.other), { status: 400, error: "cuit_invalido" });

  const id = String(first.json?.informe_id);
  for (const [who, headers] of [["key", c.key], ["session", c.session]] as const) {
    await api(c, who, { path: "/v1/reports?limit=5", headers }, { status: 200 });
    await api(c, who, { path: `/v1/reports/${id}`, headers }, { status: 200 });
    await api(c, who, { path: `/v1/reports/quote?cuit=${cuit}`, headers }, { status: 200 });
  }
  await api(c, "unknown id", { path: "/v1/reports/inf_doesnotexist0000", headers: c.key }, { status: 404, error: "not_found" });
  await api(c, "not 11 digits", { path: "/v1/reports/quote?cuit=123", headers: c.key }, { status: 400, error: "cuit_invalido" });
  await api(c, "no credentials", { path: "/v1/reports" }, { status: 401, error: "unauthenticated" });
}

async function account(c: Ctx): Promise<void> {
  await api(c, "key", { path: "/v1/balance", headers: c.key }, { status: 200 });
  await api(c, "session", { path: "/v1/balance", headers: c.session }, { status: 200 });
  await api(c, "no credentials", { path: "/v1/balance" }, { status: 401, error: "unauthenticated" });
  await api(c, "key of a plan without the API channel", { path: "/v1/balance", headers: c.pro }, { status: 403, error: "channel_disabled" });
  await api(c, "anonymous", { path: "/v1/prices" }, { status: 200 });
}

async function catalog(c: Ctx): Promise<void> {
  const { published, parquet_only: parquetOnly, plan_restricted: restricted } = c.datasets;
  for (const [who, headers] of [["anonymous", {}], ["key", c.key], ["session", c.session]] as const) {
    await api(c, who, { path: "/v1/datasets", headers }, { status: 200 });
    await api(c, who, { path: `/v1/datasets/${published}`, headers }, { status: 200 });
  }
  await api(c, "anonymous, above its plan", { path: `/v1/datasets/${restricted.id}` }, { status: 404, error: "dataset_not_found" });
  await api(c, "key of a plan that may see it", { path: `/v1/datasets/${restricted.id}`, headers: c.pro }, { status: 200 });
  await api(c, "unknown id", { path: "/v1/datasets/no-such-dataset" }, { status: 404, error: "dataset_not_found" });

  const snapshot = `/v1/datasets/${published}/snapshot`;
  await api(c, "key", { path: snapshot, headers: c.key }, { status: 200 });
  await api(c, "key", { path: `${snapshot}?format=csv`, headers: c.key }, { status: 200 });
  await api(c, "session", { path: snapshot, headers: c.session }, { status: 200 });
  const moved = await api(c, "key", { path: `${snapshot}?redirect=1`, headers: c.key }, { status: 302 });
  const location = moved.headers.get("location");
  if (location) {
    const file = new URL(location, c.base);
    await raw(c, "(the signed URL of the 302)", { path: `${file.pathname}${file.search}` }, (res) => (res.status === 200 ? [] : [`answered ${res.status}`]));
  }
  await api(c, "key, a format it lacks", { path: `/v1/datasets/${parquetOnly}/snapshot?format=csv`, headers: c.key }, { status: 400, error: "format_not_available" });
  await api(c, "key of plan Pro", { path: snapshot, headers: c.pro }, { status: 403, error: "tier_required" });
  await api(c, "no credentials", { path: snapshot }, { status: 401, error: "unauthenticated" });
  await api(c, "key, unknown dataset", { path: "/v1/datasets/no-such-dataset/snapshot", headers: c.key }, { status: 404, error: "not_found" });
}

/** Problems with the value of a header: absent, or missing one of the `parts` (case-insensitive). */
function headerHas(res: Received, name: string, parts: string[]): string[] {
  const value = res.headers.get(name);
  if (value === null) return [`no ${name}`];
  const missing = parts.filter((p) => !value.toLowerCase().includes(p.toLowerCase()));
  return missing.length ? [`${name} "${value}" lacks ${missing.join(", ")}`] : [];
}

async function securityHeaders(c: Ctx): Promise<void> {
  for (const page of ["/", "/login"]) {
    await raw(c, "CSP frame-ancestors 'none', nosniff, strict-origin-when-cross-origin", { path: page }, (res) => [
      ...(res.status === 200 ? [] : [`answered ${res.status}`]),
      ...headerHas(res, "content-security-policy", ["frame-ancestors 'none'"]),
      ...headerHas(res, "x-content-type-options", ["nosniff"]),
      ...headerHas(res, "referrer-policy", ["strict-origin-when-cross-origin"]),
    ]);
  }
}

async function privateCaching(c: Ctx): Promise<void> {
  const items = (await request(c.base, { path: "/v1/reports?limit=1", headers: c.key })).json?.items as { id: string }[] | undefined;
  const paths = ["/v1/balance", "/v1/reports", ...(items ?? []).map((r) => `/v1/reports/${r.id}`), `/v1/reports/quote?cuit=${c.cuits.ok[0]}`];
  paths.push(`/v1/datasets/${c.datasets.published}/snapshot`, "/v1/datasets", `/v1/datasets/${c.datasets.published}`);
  for (const [who, headers] of [["key", c.key], ["session", c.session]] as const) {
    for (const p of paths) {
      await api(c, `${who}: Cache-Control private, no-store; Vary Authorization, Cookie`, { path: p, headers }, {
        status: 200,
        also: (res) => [...headerHas(res, "cache-control", ["private", "no-store"]), ...headerHas(res, "vary", ["authorization", "cookie"])],
      });
    }
  }
}

/** The id of one server action of the build, so that the action requests below take Next's real path. */
function serverActionId(distDir: string): string {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, distDir, "server", "server-reference-manifest.json"), "utf8")) as { node: object };
    return Object.keys(manifest.node)[0] ?? "7f".padEnd(42, "0");
  } catch {
    return "7f".padEnd(42, "0");
  }
}

async function malformedRequests(c: Ctx, distDir: string): Promise<void> {
  const refused = (allowed: number[]) => (res: Received) => (allowed.includes(res.status) ? [] : [`answered ${res.status}`]);
  await raw(c, "-> 400 or 404", { path: "/informes/%ZZ" }, refused([400, 404]));
  await raw(c, "-> 400 or 404", { path: "/files/%zz" }, refused([400, 404]));
  await raw(c, "-> 405 (or 400)", { method: "TRACE", path: "/v1/prices" }, refused([400, 405]));
  const action = { "next-action": serverActionId(distDir), "content-type": "text/plain;charset=UTF-8" };
  for (const origin of ["https://evil.example", "null"]) {
    // 403 counts too: it is the plain answer to a refused Origin.
    await raw(c, `server action, Origin: ${origin} -> 400, 403, 404 or 405`, { method: "POST", path: "/cuenta", headers: { ...action, origin }, body: "[]" }, refused([400, 403, 404, 405]));
  }
  await raw(c, "-> 404 (bench routes are off without LEGAJO_BENCH_ROUTES=1)", { path: "/bench/bare" }, refused([404]));
}

async function cuitEdgeCases(c: Ctx): Promise<void> {
  for (const cuit of ["00000000", `${VALID_CUIT}x`]) {
    await api(c, `cuit ${JSON.stringify(cuit)}`, post({ cuit }, c.other), { status: 400, error: "cuit_invalido" });
  }
}

async function loginRedirect(c: Ctx): Promise<void> {
  await raw(c, "signed in: redirects to this site only", { path: "/login?next=/%09/evil.example/", headers: c.session }, (res) => {
    const location = res.headers.get("location");
    if (res.status < 300 || res.status > 399 || location === null) return [`answered ${res.status} without a redirect`];
    const target = new URL(location, c.base);
    return target.origin === new URL(c.base).origin ? [] : [`Location ${JSON.stringify(location)} leads to ${target.origin}`];
  });
}

/** Keys, accounts, CUITs and datasets for the checks, from the operator CLI on the server's DATA_DIR. */
async function fixtures(dataDir: string) {
  const run = <T>(...args: string[]) => admin<T>(dataDir, args);
  const keyOf = (email: string, plan: string) =>
    run("account:create", "--email", email, "--plan", plan).then(() => run<{ key: string }>("key:create", "--email", email));
  const [customer, pro, other, cuits, datasets] = await Promise.all([
    run<{ key: string }>("key:create", "--email", DEMO.email),
    keyOf("pro@check-contract.test", "pro"),
    keyOf("ultimate@check-contract.test", "ultimate"),
    run<{ ok: string[] }>("demo:cuits", "--limit", "2"),
    run<Ctx["datasets"]>("demo:datasets"),
  ]);
  return { key: bearer(customer.key), pro: bearer(pro.key), other: bearer(other.key), cuits, datasets };
}

async function checkServer(server: NextServer, dataDir: string, distDir: string, list: Checklist): Promise<void> {
  await waitFor(server, "/healthz", 200, 60_000);
  // Before anything else, as a client could: the document must not depend on what the server did first.
  const doc = await servedDocument(server.url, list);
  await waitFor(server, "/readyz", 200, 180_000);
  const [cookie, credentials] = await Promise.all([signIn(server.url, DEMO.email, DEMO.password), fixtures(dataDir)]);
  // Without a served document the calls below are checked for status and code only; its absence already failed.
  const validate = doc ? contractValidator(doc) : () => [];
  const c: Ctx = { base: server.url, list, validate, session: { cookie, origin: server.url }, ...credentials };
  await list.group("reports", () => reports(c));
  await list.group("balance and prices", () => account(c));
  await list.group("catalog and snapshots", () => catalog(c));
  await list.group("hardening: security headers of pages", () => securityHeaders(c));
  await list.group("hardening: caller-specific answers are private", () => privateCaching(c));
  await list.group("hardening: malformed paths and methods", () => malformedRequests(c, distDir));
  await list.group("hardening: CUIT edge cases", () => cuitEdgeCases(c));
  await list.group("hardening: post-login redirect", () => loginRedirect(c));
}

/** The server stops its embedded Postgres on SIGTERM; one left behind (a crashed server) is stopped here. */
function stopLeftoverPostgres(dataDir: string): void {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0]);
    if (pid > 0 && isAlive(pid)) process.kill(pid, "SIGINT");
  } catch {
    // no postmaster
  }
}

async function main(args: string[]): Promise<number> {
  const distDir = option(args, "dist") ?? ".next";
  buildNext(distDir, args.includes("--rebuild"));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "legajo-contract-"));
  const server = await startNext({ distDir, env: { DATA_DIR: dataDir, DEMO_CUITS: "300" } });
  console.log(`next start (${distDir}) at ${server.url}, DATA_DIR ${dataDir}, log ${server.logFile}`);
  const list = new Checklist();
  const started = performance.now();
  try {
    await checkServer(server, dataDir, distDir, list);
  } catch (e) {
    list.record("the run reached the end", [e instanceof Error ? e.message : String(e)]);
  } finally {
    await server.stop();
    stopLeftoverPostgres(dataDir);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\n(${((performance.now() - started) / 1000).toFixed(1)} s)\n${list.summary}`);
  return list.failed ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
