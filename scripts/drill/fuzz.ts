import { randomUUID } from "node:crypto";
import { encode } from "next-auth/jwt";
import { createApiKey, revokeApiKey } from "@/lib/auth/api-keys";
import { authSecret } from "@/lib/auth/secret";
import { setSuspended } from "@/lib/accounts/update";
import { DEMO_KINDS } from "@/lib/catalog/demo";
import type { ProvisionedAccount } from "@/bench/lib/accounts";
import { documentedOperations, operationOf } from "./lib/contract";
import type { Drill } from "./lib/context";
import { Prng } from "@/lib/sources/demo/prng";
import { nearMiss, queryString, randomText, reportBody, segment } from "./lib/fuzz-input";
import { leaksInternals, pooled, send, type Received } from "./lib/http";
import { OPERATOR } from "@/lib/audit/record";

const REQUESTS = 10_000;
const IN_FLIGHT = 16;
const PATHS = ["/v1/reports", "/v1/reports/{id}", "/v1/reports/quote", "/v1/balance", "/v1/prices", "/v1/datasets", "/v1/datasets/{id}", "/v1/datasets/{id}/snapshot", "/v1/openapi.json"];
const METHODS = ["GET", "GET", "GET", "POST", "POST", "HEAD", "PUT", "PATCH", "DELETE", "OPTIONS"];

const allowed = (headers: Headers) => (headers.get("allow") ?? "").split(",").map((m) => m.trim().toUpperCase());

interface Sample {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
  res: Received;
}

/**
 * Header values fetch will send: printable Latin-1 only (anything else never reaches the server), and short enough
 * that all headers stay under Node's 16 KB limit, past which Node answers 431 before the app sees the request.
 */
const headerSafe = (s: string) => s.replace(/[^\x20-\x7e\xa0-\xff]/g, "").slice(0, 2000);

/**
 * 10,000 generated requests over every path of the API: methods, path ids, query strings, bodies and headers
 * (keys of every kind of account, broken keys, sessions, Origins, Idempotency-Keys, content types). No answer may be
 * a 5xx or carry a stack trace, and every 4xx of a documented operation must carry one of the error codes the
 * OpenAPI document (GET /v1/openapi.json, as served) lists for that operation and status.
 */
export const fuzz: Drill = {
  name: "fuzz",
  summary: "10,000 generated requests on every endpoint: no 5xx, no stack trace, every 4xx a documented code",
  async run(ctx, report) {
    const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
    report.note(`seed ${seed} (FUZZ_SEED=${seed} replays this run)`);
    const rng = new Prng(String(seed));
    const cuits = [...ctx.cuits.ok.slice(0, 20), ...ctx.cuits.no_resuelto.slice(0, 5), ...ctx.cuits.dni.slice(0, 5)];

    const ultimate = await ctx.accounts(40, { plan: "ultimate", reportCuits: cuits.slice(0, 20) });
    const [free, pro, suspended, admin, revoked] = await Promise.all([
      ctx.accounts(1, { plan: "free" }),
      ctx.accounts(1, { plan: "pro" }),
      ctx.accounts(1, { plan: "ultimate" }),
      ctx.accounts(1, { plan: "enterprise", admin: true }),
      ctx.accounts(1, { plan: "ultimate" }),
    ]).then((lists) => lists.map((l) => l[0]));
    await setSuspended(ctx.db, suspended.accountId, true, OPERATOR);
    const expired = (await createApiKey(ctx.db, revoked.accountId, { expiresInDays: 0 }, OPERATOR)).key;
    const revokedKey = await createApiKey(ctx.db, revoked.accountId, { name: "revoked" }, OPERATOR);
    await revokeApiKey(ctx.db, revoked.accountId, revokedKey.id, OPERATOR);
    const session = async (a: ProvisionedAccount) =>
      `next-auth.session-token=${await encode({ token: { uid: "usr_fuzz", acc: a.accountId, email: a.email }, secret: authSecret() })}`;
    const cookies = [await session(ultimate[0]), await session(free), "next-auth.session-token=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..x.y.z", "next-auth.session-token="];
    const keys = [free.key, pro.key, suspended.key, admin.key, expired, revokedKey.key, "lgj_short", `lgj_${"A".repeat(43)}`];
    const reportIds = ultimate.map((a) => a.reportId!).filter(Boolean);
    const datasetIds = [DEMO_KINDS.published, DEMO_KINDS.parquet_only, DEMO_KINDS.unpublished, DEMO_KINDS.admin_only, DEMO_KINDS.plan_restricted.id, DEMO_KINDS.no_snapshot, DEMO_KINDS.derived];

    const doc = await send(ctx.server.url, { path: "/v1/openapi.json" });
    if (!report.check("GET /v1/openapi.json serves the contract", doc.status === 200 && doc.json !== undefined)) return;
    const ops = documentedOperations(doc.json as Record<string, unknown>);

    const generate = (): Omit<Sample, "res"> => {
      const method = rng.pick(METHODS);
      const template = rng.pick(PATHS);
      const path = template.replace("{id}", () =>
        segment(rng, template.startsWith("/v1/reports") ? [...reportIds, "quote"] : [...datasetIds, "quote"]),
      );
      const headers: Record<string, string> = { "x-forwarded-for": rng.chance(0.9) ? ctx.ip() : headerSafe(randomText(rng, 30)) };
      const auth = rng.int(0, 9);
      if (auth <= 4) headers.authorization = `Bearer ${rng.pick(ultimate).key}`;
      else if (auth === 5) headers.authorization = `Bearer ${rng.pick(keys)}`;
      else if (auth === 6) headers.authorization = headerSafe(rng.pick(["Bearer", "Bearer ", "Basic dXNlcjpwYXNz", `bearer ${rng.pick(ultimate).key}`, `Bearer ${rng.pick(ultimate).key} extra`, randomText(rng, 60)]));
      else if (auth === 7) headers.cookie = rng.pick(cookies);
      if (rng.chance(0.2)) headers["x-api-key"] = rng.pick(ultimate).key;
      if (headers.cookie && rng.chance(0.5)) headers.origin = rng.pick([ctx.server.url, "https://evil.example", "null", headerSafe(randomText(rng, 20))]);
      if (rng.chance(0.3)) headers["idempotency-key"] = headerSafe(rng.chance(0.5) ? randomUUID() : nearMiss(rng, [randomUUID()]));
      if (rng.chance(0.2)) headers.accept = rng.pick(["application/json", "text/html", "*/*", "application/xml"]);
      let body: string | undefined;
      if (method === "POST" || (method !== "GET" && method !== "HEAD" && rng.chance(0.3))) {
        body = reportBody(rng, cuits);
        if (body !== undefined) headers["content-type"] = rng.pick(["application/json", "application/json", "text/plain", "application/x-www-form-urlencoded", "application/json; charset=latin1"]);
      }
      // Past Node's 16 KB header limit (request line included) Node answers 431 before the app sees the request.
      return { method, path: (path + queryString(rng, cuits)).slice(0, 8000).replace(/%[0-9A-Fa-f]?$/, ""), headers, body };
    };

    const samples = await pooled(IN_FLIGHT, REQUESTS, async (): Promise<Sample> => {
      const s = generate();
      const res = await send(ctx.server.url, { method: s.method, path: s.path, headers: s.headers, body: s.body, timeoutMs: 60_000 });
      return { ...s, res };
    });

    const show = (s: Sample) => `${s.method} ${s.path.slice(0, 80)} -> ${s.res.status || s.res.error} ${s.res.text.slice(0, 100)}`;
    const byStatus = new Map<number, number>();
    for (const s of samples) byStatus.set(s.res.status, (byStatus.get(s.res.status) ?? 0) + 1);
    report.note(`statuses: ${[...byStatus].sort((a, b) => a[0] - b[0]).map(([k, v]) => `${k}×${v}`).join(" ")}`);

    const unanswered = samples.filter((s) => s.res.status === 0);
    report.check("every request gets an answer", unanswered.length === 0, unanswered.slice(0, 3).map(show).join(" | "));
    const fives = samples.filter((s) => s.res.status >= 500);
    report.check(`no 5xx (${samples.length} requests)`, fives.length === 0, fives.length ? `${fives.length}: ${fives.slice(0, 3).map(show).join(" | ")}` : undefined);
    const leaky = samples.filter((s) => leaksInternals(s.res.text));
    report.check("no answer carries a stack trace or exception text", leaky.length === 0, leaky.slice(0, 2).map(show).join(" | "));

    const undocumented: Sample[] = [];
    const otherPath: Sample[] = [];
    for (const s of samples.filter((x) => x.res.status >= 400 && x.res.status < 500)) {
      // As the server routes it: dot segments resolved, as a URL parser does (`/v1/datasets/./snapshot` is GET
      // /v1/datasets/{id} of `snapshot`).
      const pathname = new URL(s.path, "http://fuzz.invalid").pathname;
      const op = operationOf(ops, s.method, pathname);
      if (!op) {
        const methods = ops.filter((o) => o.pattern.test(pathname)).map((o) => o.method);
        if (methods.length === 0) otherPath.push(s);
        // A method the path does not have: RFC 9110's 405 with Allow, in the contract's error shape.
        else if (!(s.res.status === 405 && s.res.json?.error === "method_not_allowed" && methods.every((m) => allowed(s.res.headers).includes(m)))) undocumented.push(s);
        continue;
      }
      const codes = op.responses.get(s.res.status);
      const documented = codes !== undefined && (s.method === "HEAD" || (typeof s.res.json?.error === "string" && codes.has(s.res.json.error)));
      if (!documented) undocumented.push(s);
    }
    const fourxx = samples.filter((s) => s.res.status >= 400 && s.res.status < 500).length;
    const kinds = new Map<string, number>();
    for (const s of undocumented) {
      const k = `${s.method} ${s.res.status} ${s.res.json?.error ?? (s.res.text ? "non-JSON body" : "empty body")}`;
      kinds.set(k, (kinds.get(k) ?? 0) + 1);
    }
    report.check(`every 4xx is a code documented for its operation and status (${fourxx} 4xx)`, undocumented.length === 0,
      undocumented.length ? `${undocumented.length} are not: ${[...kinds].map(([k, v]) => `${k} ×${v}`).join("; ")}; first: ${show(undocumented[0])}` : undefined);
    if (otherPath.length) report.note(`${otherPath.length} requests fell on no documented path (a raw id with a slash): ${show(otherPath[0])}`);
  },
};
