import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { users } from "@/db/schema";
import { authSecret } from "@/lib/auth/secret";
import { DEMO_KINDS } from "@/lib/catalog/demo";
import type { Drill } from "./lib/context";
import { bearer, send, type Received } from "./lib/http";

/**
 * Every authenticated endpoint called by account B, with a key and with a web session, using account A's ids: A's
 * report id, A's CUIT, A's Idempotency-Keys. B must get nothing of A: the same 404 as for a missing id, no item of
 * A in any list, a quote and a balance of its own, and fresh operations where A's keys would replay A's reports.
 */
export const isolation: Drill = {
  name: "isolation",
  summary: "account B, by key and by session, gets nothing of account A through any authenticated endpoint",
  async run(ctx, report) {
    const [a, b] = await ctx.accounts(2, { plan: "ultimate" });
    const [admin] = await ctx.accounts(1, { plan: "enterprise", admin: true });
    const [cuitA, cuitB] = ctx.cuits.ok;
    const ipA = ctx.ip();
    const call = (key: string | { cookie: string }, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
      send(ctx.server.url, {
        path,
        method: init.method,
        body: init.body,
        headers: { ...(typeof key === "string" ? bearer(key) : { cookie: key.cookie, origin: ctx.server.url }), "x-forwarded-for": ctx.ip(), ...init.headers },
      });

    const keyA = randomUUID();
    const keyA2 = randomUUID();
    const made = await send(ctx.server.url, {
      method: "POST",
      path: "/v1/reports",
      body: { cuit: cuitA },
      headers: { ...bearer(a.key), "idempotency-key": keyA, "x-forwarded-for": ipA },
    });
    const made2 = await send(ctx.server.url, {
      method: "POST",
      path: "/v1/reports",
      body: { cuit: cuitA },
      headers: { ...bearer(a.key), "idempotency-key": keyA2, "x-forwarded-for": ipA },
    });
    const reportA = made.json?.informe_id ?? "";
    const reportA2 = made2.json?.informe_id ?? "";
    if (!report.check("account A generates two reports of its CUIT", made.status === 200 && made2.status === 200 && !!reportA && !!reportA2)) return;
    const balanceA = await call(a.key, "/v1/balance");
    const ownB = await call(b.key, "/v1/reports", { method: "POST", body: { cuit: cuitB } });
    report.check("(control) account B generates a report of its own", ownB.status === 200 && !!ownB.json?.informe_id);

    const secret = authSecret();
    // B's own user: a session names a user that exists in its account, signed in now.
    const [userB] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.accountId, b.accountId)).limit(1);
    const token = { uid: userB.id, acc: b.accountId, email: b.email, sat: Date.now() };
    const session = { cookie: `next-auth.session-token=${await encode({ token, secret })}` };
    const missing = await call(b.key, `/v1/reports/inf_${"0".repeat(17)}`);
    const malformed = await call(b.key, "/v1/reports/not-an-id");
    report.check("a missing and a malformed report id give the same 404 body", missing.status === 404 && malformed.text === missing.text, missing.text);

    const adminRead = await call(admin.key, `/v1/reports/${reportA}`);
    report.check("(control) an admin reads A's report", adminRead.status === 200 && adminRead.json?.informe_id === reportA);

    const answers: [string, Received][] = [];
    for (const [who, cred] of [["key", b.key], ["session", session]] as const) {
      const byId = await call(cred, `/v1/reports/${reportA}`);
      answers.push([`${who} GET /v1/reports/{A's id}`, byId]);
      report.check(`B (${who}): GET /v1/reports/{A's id} is the 404 of a missing id`, byId.status === 404 && byId.text === missing.text, `${byId.status}`);

      const filtered = await call(cred, `/v1/reports?cuit=${cuitA}`);
      const all = await call(cred, "/v1/reports?limit=50");
      answers.push([`${who} GET /v1/reports?cuit=`, filtered], [`${who} GET /v1/reports`, all]);
      const listed = [...(filtered.json?.items ?? []), ...(all.json?.items ?? [])].map((i) => i.id);
      report.check(`B (${who}): GET /v1/reports, filtered by A's CUIT or not, lists B's own report and nothing of A`,
        filtered.status === 200 && all.status === 200 && !listed.includes(reportA) && !listed.includes(reportA2) &&
          listed.includes(ownB.json?.informe_id ?? "-") && (filtered.json?.items ?? []).length === 0,
        `${listed.length} items`);

      const quote = await call(cred, `/v1/reports/quote?cuit=${cuitA}`);
      answers.push([`${who} GET /v1/reports/quote`, quote]);
      report.check(`B (${who}): the quote of A's CUIT is a new report for B, on B's balance`,
        quote.status === 200 && quote.json?.tipo_accion_estimado === "nuevo", JSON.stringify(quote.json?.saldo));

      const balance = await call(cred, "/v1/balance");
      answers.push([`${who} GET /v1/balance`, balance]);
      report.check(`B (${who}): the balance is B's own, not A's`, balance.status === 200 && balance.text !== balanceA.text);

      const snapshot = await call(cred, `/v1/datasets/${DEMO_KINDS.published}/snapshot`);
      answers.push([`${who} GET /v1/datasets/{id}/snapshot`, snapshot]);
    }

    // A's keys, reused by B: each is B's own new operation, never a replay of A's and never a conflict with A's.
    const sameKey = await call(b.key, "/v1/reports", { method: "POST", body: { cuit: cuitA }, headers: { "idempotency-key": keyA } });
    answers.push(["key POST with A's key and CUIT", sameKey]);
    report.check("B: A's Idempotency-Key with A's CUIT runs a new report for B, not A's replay",
      sameKey.status === 200 && sameKey.json?.cache_hit === false && sameKey.json?.informe_id !== reportA && sameKey.json?.tipo_accion === "nuevo",
      `${sameKey.status} ${sameKey.json?.informe_id}`);
    const otherCuit = await call(session, "/v1/reports", { method: "POST", body: { cuit: cuitB }, headers: { "idempotency-key": keyA2 } });
    answers.push(["session POST with A's key, another CUIT", otherCuit]);
    report.check("B (session): A's other Idempotency-Key with another CUIT is no conflict for B",
      otherCuit.status === 200 && otherCuit.json?.cache_hit === false, `${otherCuit.status} ${otherCuit.json?.error ?? ""}`);

    const leaks = answers.filter(([, r]) => r.text.includes(reportA) || r.text.includes(reportA2) || r.text.includes(a.accountId));
    report.check(`no answer to B (${answers.length}) carries A's report ids or account id`, leaks.length === 0, leaks.map(([n]) => n).join(", "));
  },
};
