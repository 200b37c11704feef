import { eq } from "drizzle-orm";
import { headers } from "next/headers";
import { unstable_rethrow } from "next/navigation";
import { z } from "zod";
import { getDb, type Db } from "@/db/client";
import { users } from "@/db/schema";
import type { Actor } from "@/lib/audit/record";
import type { Caller } from "@/lib/auth/caller";
import { isTrustedOrigin } from "@/lib/auth/origin";
import { webCaller } from "@/lib/auth/web";
import { env } from "@/lib/env";
import { clientIp } from "@/lib/http/client-ip";
import { DomainError } from "@/lib/errors";
import { log } from "@/lib/log";
import type { PolicyName } from "@/lib/ratelimit";
import type { ActionState } from "./action-state";
import { enforceWebLimit } from "./rate-limit";
import { ownOrigin } from "./request-origin";

/** Who may run an action: anyone (still from this site), a signed-in account, or an admin. */
export type Access = "public" | "session" | "admin";

export interface ActionRequest {
  /** The client address, read the way the API reads it. */
  ip: string;
  /** The origin links in e-mails point to (APP_URL when set). */
  origin: string;
}

interface Signed {
  caller: Caller;
  /** Who the services record in the audit log. */
  actor: Actor;
}

export type ActionContext<A extends Access, I> = { input: I; db: Db; request: ActionRequest } & (A extends "public" ? object : Signed);

export interface ActionOptions<A extends Access, S extends z.ZodType, St> {
  access: A;
  /** The form's fields. A refusal is a 400 with the schema's own message, under the field it names. */
  form: S;
  /** The API budget the action spends (per client address and per account), so the web cannot go around it. */
  limit?: PolicyName;
  /** How a refusal reads in this form; by default the failure state. Extra fields of the state (typed values) go here. */
  render?: (state: FailureState, form: FormData) => St;
}

/** A refused action: the sentence, and the field it belongs under when it is one field's fault. */
export type FailureState = ActionState & { status: "error"; field?: string; code?: string; error?: DomainError };

/** The request's own origin is trusted, and so are TRUSTED_ORIGINS. Next lets a request without Origin through; this does not. */
async function assertTrustedOrigin(): Promise<void> {
  const h = await headers();
  if (!isTrustedOrigin(h, ownOrigin(h), env().TRUSTED_ORIGINS)) throw new DomainError("forbidden");
}

/** The audit log names a web actor by the signed-in user's email. */
export async function actorOf(caller: Caller): Promise<Actor> {
  const db = await getDb();
  const [user] = caller.userId ? await db.select({ email: users.email }).from(users).where(eq(users.id, caller.userId)) : [];
  return {
    kind: caller.account.isAdmin ? "admin" : "user",
    accountId: caller.accountId,
    userId: caller.userId,
    email: user?.email ?? `account:${caller.accountId}`,
  };
}

/** The gates of `access`, in order: origin, session, suspension, admin, rate limit. */
async function admit(access: Access, limit: PolicyName | undefined): Promise<Signed | null> {
  await assertTrustedOrigin();
  if (access === "public") return null;
  const caller = await webCaller();
  if (!caller) throw new DomainError("unauthenticated", { text: "Tu sesión terminó. Ingresá de nuevo para continuar." });
  if (caller.account.suspended) throw new DomainError("account_suspended");
  // A non-admin learns nothing: the same 404 as a page that does not exist.
  if (access === "admin" && !caller.account.isAdmin) throw new DomainError("not_found");
  if (limit) await enforceWebLimit(limit, caller.accountId);
  return { caller, actor: await actorOf(caller) };
}

/** A form as a plain object: one value per field, or a list when the field repeats (checkboxes). Next's own fields are left out. */
function fieldsOf(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    if (key.startsWith("$ACTION")) continue;
    const all = form.getAll(key);
    out[key] = all.length === 1 ? all[0] : all;
  }
  return out;
}

/** Parsing without zod's English fallbacks: an issue with no message of the schema's own reads as this. */
const UNWORDED = "Revisá los datos del formulario.";

function parseForm<S extends z.ZodType>(schema: S, form: FormData): z.output<S> {
  const parsed = schema.safeParse(fieldsOf(form), { error: () => UNWORDED });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = typeof issue.path[0] === "string" ? issue.path[0] : undefined;
  throw new DomainError("parametro_invalido", { text: issue.message, extra: field ? { field } : {} });
}

/**
 * Turns a thrown error into the form's state. Service errors carry a sentence in Spanish (and, for one field's
 * fault, the field); anything else is logged and shown as a generic message, never as exception text. Next's own
 * control flow (redirect, notFound) passes through.
 */
export function failure(e: unknown): FailureState {
  unstable_rethrow(e);
  if (e instanceof DomainError) {
    const field = typeof e.extra.field === "string" ? e.extra.field : undefined;
    return { status: "error", message: e.message, code: e.code, error: e, ...(field ? { field } : {}) };
  }
  log().error({ err: e }, "server action failed");
  return { status: "error", message: "Ocurrió un error inesperado. Probá de nuevo en unos segundos." };
}

/** What a form state carries to the browser: the error object stays on the server. */
function serializable<T extends FailureState>({ error: _error, ...state }: T): Omit<T, "error"> {
  return state;
}

async function actionRequest(): Promise<ActionRequest> {
  const h = await headers();
  return { ip: clientIp(h, env().TRUST_PROXY), origin: ownOrigin(h) };
}

/**
 * The one wrapper around every server action, beside `apiRoute` for the API: the origin check, the session (or an
 * admin's), the account gate, the API's rate limit for the account, the form parsed by a zod schema, and one
 * rendering of whatever the action throws.
 *
 * A form action: `(previous state, form) => state`, for `useActionState`.
 */
export function webAction<A extends Access, S extends z.ZodType, St extends ActionState>(
  options: ActionOptions<A, S, St>,
  handler: (ctx: ActionContext<A, z.output<S>>) => Promise<St>,
): (previous: St, form: FormData) => Promise<St> {
  return async (_previous, form) => {
    try {
      const signed = await admit(options.access, options.limit);
      const input = parseForm(options.form, form);
      const ctx = { input, db: await getDb(), request: await actionRequest(), ...signed } as ActionContext<A, z.output<S>>;
      return await handler(ctx);
    } catch (e) {
      const state = failure(e);
      return options.render ? options.render(state, form) : (serializable(state) as unknown as St);
    }
  };
}

/** The answer of a call action: its value, or the sentence of its refusal. */
export type CallResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** An action called with an argument rather than a form (a console polling a job): the same gates and rendering. */
export function webCall<A extends Access, S extends z.ZodType, T>(
  options: { access: A; input: S; limit?: PolicyName },
  handler: (ctx: ActionContext<A, z.output<S>>) => Promise<T>,
): (arg: z.input<S>) => Promise<CallResult<T>> {
  return async (arg) => {
    try {
      const signed = await admit(options.access, options.limit);
      const parsed = options.input.safeParse(arg);
      if (!parsed.success) throw new DomainError("parametro_invalido");
      const ctx = { input: parsed.data, db: await getDb(), request: await actionRequest(), ...signed } as ActionContext<A, z.output<S>>;
      return { ok: true, value: await handler(ctx) };
    } catch (e) {
      return { ok: false, message: failure(e).message ?? "" };
    }
  };
}

/** Form field schemas: a text field (absent reads as ""), and a field that may repeat. */
export const textField = z.string().default("");
export const listField = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));

/** The first message per field of a zod error, for forms that show each under its field. */
export function fieldMessages<F extends string>(issues: readonly { path: readonly PropertyKey[]; message: string }[], fields: readonly F[]) {
  const out: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === "string" && (fields as readonly string[]).includes(field) && !out[field as F]) out[field as F] = issue.message;
  }
  return out;
}
