import { isDeepStrictEqual } from "node:util";
import type { Drill } from "./lib/context";
import { bearer, leaksInternals, pooled, send } from "./lib/http";
import { checkLedger } from "./lib/invariants";

const FAULTS = "comex:slow,marcas:throw";
const BUDGET_MS = 500;

/**
 * A server whose `comex` source answers after twice its time budget and whose `marcas` source throws
 * (ENGINE_FAULTS). Reports of CUITs that are `ok` with every source must come back `parcial`, with those two
 * sections `no_disponible` and an `error_reason`, charged as usual, and never as an error of the request.
 */
export const sources: Drill = {
  name: "sources",
  summary: `one source times out and one throws (ENGINE_FAULTS=${FAULTS}): reports are parcial with error_reason, never a 500`,
  async run(ctx, report) {
    const server = await ctx.startServer("faults", { ENGINE_FAULTS: FAULTS, ENGINE_SOURCE_TIMEOUT_MS: String(BUDGET_MS) });
    const [account] = await ctx.accounts(1, { plan: "team", units: 100_000 });
    const ok = ctx.cuits.ok.slice(0, 8);
    const unknown = ctx.cuits.no_resuelto.slice(0, 2);
    const post = (cuit: string) =>
      send(server.url, { method: "POST", path: "/v1/reports", body: { cuit }, headers: { ...bearer(account.key), "x-forwarded-for": ctx.ip() } });
    const answers = await pooled(5, ok.length, (i) => post(ok[i]));

    const notOk = answers.filter((a) => a.status !== 200);
    report.check(`${ok.length} concurrent reports of fully known CUITs all answer 200`, notOk.length === 0,
      notOk.map((a) => `${a.status} ${a.text.slice(0, 120)}`).join("; "));
    report.check("every one is parcial", answers.every((a) => a.json?.status === "parcial"), answers.map((a) => a.json?.status).join(","));
    const faulted = (a: (typeof answers)[number], key: string) => {
      const section = a.json?.sections?.[key];
      return section?.status === "no_disponible" && typeof section.error_reason === "string" && section.error_reason.length > 0;
    };
    report.check("the slow source's section (comex) is no_disponible with an error_reason", answers.every((a) => faulted(a, "comex")),
      answers[0]?.json?.sections?.comex?.error_reason);
    report.check("the failing source's section (marcas) is no_disponible with an error_reason", answers.every((a) => faulted(a, "marcas")),
      answers[0]?.json?.sections?.marcas?.error_reason);
    const others = answers.every((a) => Object.entries(a.json?.sections ?? {}).every(([k, s]) => k === "comex" || k === "marcas" || s.status === "ok"));
    report.check("every other section still answers ok", others);
    report.check("no answer carries exception text", answers.every((a) => !leaksInternals(a.text)));
    const slowest = Math.max(...answers.map((a) => a.ms));
    report.check(`the time budget cuts the slow source: no report takes more than ${BUDGET_MS} ms plus 1.5 s`, slowest < BUDGET_MS + 1500,
      `slowest ${slowest.toFixed(0)} ms, fastest ${Math.min(...answers.map((a) => a.ms)).toFixed(0)} ms`);
    report.check("a parcial report is charged like any other (nuevo, 200 units)", answers.every((a) => a.json?.tipo_accion === "nuevo" && a.json?.costo_unidades === 200));

    const fetched = await send(server.url, { path: `/v1/reports/${answers[0].json?.informe_id}`, headers: { ...bearer(account.key), "x-forwarded-for": ctx.ip() } });
    report.check("GET /v1/reports/{id} returns the same parcial sections", fetched.status === 200 &&
      isDeepStrictEqual(fetched.json?.sections, answers[0].json?.sections) && fetched.json?.status === "parcial");

    const unresolved = await Promise.all(unknown.map(post));
    report.check("a CUIT no source knows is still no_resuelto and not charged", unresolved.every((a) => a.status === 200 && a.json?.status === "no_resuelto" && a.json?.costo_unidades === 0),
      unresolved.map((a) => `${a.status} ${a.json?.status}`).join(", "));
    await checkLedger(ctx.db, report, [account.accountId]);
  },
};
