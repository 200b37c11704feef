import { randomUUID } from "node:crypto";
import { getDb, type Db } from "@/db/client";
import { authenticateKey } from "@/lib/auth/api-keys";
import { loadAccountCaller, type Caller, type VerifiedCaller } from "@/lib/auth/caller";
import { appOrigin, isTrustedOrigin, isUnsafeMethod } from "@/lib/auth/origin";
import { readSession } from "@/lib/auth/session";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { applyPolicy, retryAfterSeconds, type LimitResult, type PolicyName } from "@/lib/ratelimit";
import { clientIp } from "./client-ip";
import { DomainError } from "@/lib/errors";
import { HttpError, httpStatus, internalError, renderError } from "./errors";
import { parseRequest, type RequestInput, type RequestSchemas } from "./request";

export { readJsonBody } from "./request";

/**
 * `required`: a key or a session, or 401. `optional`: a valid key or session raises what the caller may see;
 * anything else is anonymous. `public`: no caller at all.
 */
export type AuthMode = "public" | "optional" | "required";

export interface RouteOptions<A extends AuthMode, R extends RequestSchemas = NoRequest> {
  auth: A;
  /** Key calls need the plan's REST API channel (spec 5.5); sessions and admins pass. */
  channel?: boolean;
  limit?: PolicyName;
  /** The request's parts by their published schemas (lib/schemas/*), parsed after the gates into `input`. */
  request?: R;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a route that declares no request part
type NoRequest = {};

export interface RouteContext<P, A extends AuthMode, R extends RequestSchemas = NoRequest> {
  req: Request;
  url: URL;
  params: P;
  caller: A extends "required" ? VerifiedCaller : Caller | null;
  db: Db;
  requestId: string;
  /** The declared parts of the request, parsed (lib/http/request.ts). */
  input: RequestInput<R>;
}


type Handler<P, A extends AuthMode, R extends RequestSchemas> = (ctx: RouteContext<P, A, R>) => Promise<Response>;

export const json = (body: unknown, init?: ResponseInit): Response => Response.json(body, init);

/** A body already serialised as JSON, answered as `json` would answer it. */
export const jsonText = (text: string, headers: Record<string, string> = {}): Response =>
  new Response(text, { headers: { ...headers, "Content-Type": "application/json" } });

/** Where an account on a lower plan can see the plans and move up. */
export const upgradeUrl = (req: Request): string => `${appOrigin(req)}/planes`;

function rateHeaders(r: LimitResult | null, nowMs: number): Record<string, string> {
  if (!r) return {};
  return {
    "RateLimit-Limit": String(r.limit),
    "RateLimit-Remaining": String(r.remaining),
    "RateLimit-Reset": String(Math.max(0, Math.ceil((r.reset - nowMs) / 1000))),
  };
}

function tighter(a: LimitResult | null, b: LimitResult | null): LimitResult | null {
  if (!a) return b;
  if (!b) return a;
  return b.remaining < a.remaining ? b : a;
}

/** Counts a request against `policy` for one scope; a denial is `429 rate_limited`. MCP tool calls count here too. */
export async function countRequest(policy: PolicyName, scope: "account" | "ip", id: string, state: { headers: LimitResult | null }) {
  const { denied, tightest } = await applyPolicy(policy, scope, id);
  state.headers = tighter(state.headers, tightest);
  if (denied) {
    const nowMs = now().getTime();
    const retryAfter = retryAfterSeconds(denied, nowMs);
    throw new HttpError("rate_limited", {
      retryAfter,
      headers: { ...rateHeaders({ ...denied, remaining: 0 }, nowMs), "RateLimit-Reset": String(retryAfter) },
    });
  }
}

/** The Headers guard is not exposed, so the only way to know is to try. */
function hasMutableHeaders(res: Response): boolean {
  try {
    res.headers.set("X-Request-Id", "");
    return true;
  } catch {
    return false;
  }
}

/** Adds `names` to the response's Vary, keeping whatever it already lists. */
function addVary(headers: Headers, names: readonly string[]): void {
  const listed = (headers.get("Vary") ?? "").split(",").map((v) => v.trim()).filter(Boolean);
  const missing = names.filter((n) => !listed.some((l) => l.toLowerCase() === n.toLowerCase() || l === "*"));
  if (missing.length > 0) headers.set("Vary", [...listed, ...missing].join(", "));
}

/**
 * Caching of an answer that depends on who asks. Any route that reads credentials varies on them, so a cache never
 * hands one caller's answer to another; and an answer for an identified caller (or for a route that requires one,
 * errors included) is that caller's alone: never stored by a shared cache nor kept by the browser. Public
 * anonymous answers keep their own caching.
 */
function markPersonal(headers: Headers, auth: AuthMode, identified: boolean): void {
  if (auth === "public") return;
  addVary(headers, ["Authorization", "Cookie"]);
  if (auth === "required" || identified) headers.set("Cache-Control", "private, no-store");
}

/** Bearer key first; without an Authorization header, the session cookie. */
async function identify(db: Db, req: Request): Promise<Caller | null> {
  const authorization = req.headers.get("authorization");
  if (authorization !== null) {
    // The auth scheme is case-insensitive (RFC 7235); the key itself is not.
    const match = /^Bearer ([^\s]+)$/i.exec(authorization.trim());
    return match ? authenticateKey(db, match[1]) : null;
  }
  const session = await readSession(req.headers);
  return session ? loadAccountCaller(db, session.accountId, session.userId) : null;
}

/**
 * The one wrapper around every `app/v1` handler: request id, client IP and account rate limits, authentication,
 * account and plan gates, cross-site check for sessions, and errors rendered as the contract's JSON. A request
 * counts toward its limits as soon as it arrives, whatever its outcome.
 */
export function apiRoute<P = Record<string, never>, A extends AuthMode = AuthMode, R extends RequestSchemas = NoRequest>(
  options: RouteOptions<A, R>,
  handler: Handler<P, A, R>,
) {
  return async (req: Request, segment: { params: Promise<P> }): Promise<Response> => {
    const requestId = randomUUID();
    const started = performance.now();
    let parsedUrl: URL | undefined;
    const urlOf = () => (parsedUrl ??= new URL(req.url));
    const limits = { headers: null as LimitResult | null };
    let accountId: string | undefined;
    let identified = false;
    let response: Response;
    try {
      const { TRUST_PROXY, TRUSTED_ORIGINS } = env();
      if (options.limit) await countRequest(options.limit, "ip", clientIp(req.headers, TRUST_PROXY), limits);
      const db = await getDb();
      let caller = options.auth === "public" ? null : await identify(db, req);
      identified = caller !== null;
      if (caller && options.auth === "optional" && (caller.account.suspended || !caller.plan)) caller = null;
      if (options.auth === "required") {
        if (!caller) throw new DomainError("unauthenticated");
        accountId = caller.accountId;
        if (options.limit) await countRequest(options.limit, "account", caller.accountId, limits);
        if (caller.account.suspended) throw new DomainError("account_suspended");
        if (!caller.plan) throw new DomainError("plan_no_verificable", { text: "No se pudo verificar el plan de la cuenta." });
        if (options.channel && caller.kind === "key" && !caller.plan.apiRestEnabled && !caller.account.isAdmin) {
          throw new DomainError("channel_disabled");
        }
        if (caller.kind === "session" && isUnsafeMethod(req.method) && !isTrustedOrigin(req.headers, appOrigin(req), TRUSTED_ORIGINS)) {
          throw new DomainError("forbidden");
        }
      }
      const url = urlOf();
      const input = await parseRequest(req, url, options.request);
      response = await handler({
        req,
        url,
        params: await segment.params,
        caller: caller as RouteContext<P, A, R>["caller"],
        db,
        requestId,
        input,
      });
    } catch (err) {
      if (err instanceof DomainError) {
        // A refusal for the plan points at the plans page of the host that answered.
        if (err.code === "tier_required" || err.code === "channel_disabled") err.extra.upgrade_url ??= upgradeUrl(req);
        response = renderError(err);
        if (httpStatus(err.code) >= 500) log().error({ err, requestId, accountId, path: urlOf().pathname }, "request failed");
      } else {
        log().error({ err, requestId, accountId, method: req.method, path: urlOf().pathname }, "unhandled error");
        response = renderError(internalError());
      }
    }
    // Response.redirect() and fetched responses have immutable headers; a copy of such a response can take ours.
    if (!hasMutableHeaders(response)) response = new Response(response.body, response);
    response.headers.set("X-Request-Id", requestId);
    markPersonal(response.headers, options.auth, identified);
    if (!response.headers.has("RateLimit-Limit")) {
      for (const [k, v] of Object.entries(rateHeaders(limits.headers, now().getTime()))) response.headers.set(k, v);
    }
    log().info(
      { requestId, accountId, method: req.method, path: urlOf().pathname, status: response.status, ms: Math.round(performance.now() - started) },
      "request",
    );
    return response;
  };
}
