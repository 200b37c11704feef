import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { GET as balance } from "@/app/v1/balance/route";
import { GET as prices } from "@/app/v1/prices/route";
import { getDb } from "@/db/client";
import { balances, ledgerEntries, type PlanTier } from "@/db/schema";
import { changePlan } from "@/lib/accounts/update";
import { creditPurchased } from "@/lib/billing/credit";
import { setClock } from "@/lib/clock";
import { balanceSchema } from "@/lib/schemas/billing";
import { newAccount, type TestAccount } from "../helpers/accounts";
import { localTime, useFakeTime } from "../helpers/clock";
import { bearer, call } from "../helpers/http";
import { ledgerAndBalance, ledgerOf } from "../helpers/ledger";
import { OPERATOR } from "@/lib/audit/record";

const readBalance = (a: TestAccount) => call(balance, "/v1/balance", { headers: { cookie: a.cookie } });

async function monthlyOf(tier: PlanTier): Promise<number | null> {
  const { body } = await call(prices, "/v1/prices");
  return body.plans.find((p: any) => p.plan_tier === tier).informe_cuit_cupo_mensual_unidades;
}

/** What a report debit does to the allotment, written the same way: a ledger entry and the pocket update together. */
async function spendFromCupo(accountId: string, units: number) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.insert(ledgerEntries).values({ accountId, pocket: "cupo", kind: "report_debit", delta: -units, reportId: "inf_test" });
    await tx
      .update(balances)
      .set({ cupoAvailable: sql`${balances.cupoAvailable} - ${units}`, cupoUsed: sql`${balances.cupoUsed} + ${units}` })
      .where(eq(balances.accountId, accountId));
  });
}

afterEach(() => setClock(null));

describe("GET /v1/balance (spec 2.7)", () => {
  it("has exactly the contract's keys", async () => {
    const a = await newAccount();
    const res = await call(balance, "/v1/balance", { headers: bearer(a.key) });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["comprado", "cupo"]);
    expect(Object.keys(res.body.cupo).sort()).toEqual(["actualizaciones", "informes_nuevos", "unidades_disponibles", "unidades_mensuales", "unidades_usadas"]);
    expect(Object.keys(res.body.comprado).sort()).toEqual(["actualizaciones", "informes_nuevos", "unidades_disponibles"]);
    expect(() => balanceSchema.parse(res.body)).not.toThrow();
  });

  it.each(["free", "starter", "pro", "ultimate"] as const)(
    "a new %s account starts with its plan's monthly allotment, nothing used and nothing purchased",
    async (plan) => {
      const monthly = (await monthlyOf(plan))!;
      expect(monthly).toBeGreaterThan(0);
      const a = await newAccount({ plan });
      const { body } = await readBalance(a);
      expect(body).toEqual({
        cupo: {
          unidades_disponibles: monthly,
          informes_nuevos: Math.floor(monthly / 200),
          actualizaciones: Math.floor(monthly / 50),
          unidades_mensuales: monthly,
          unidades_usadas: 0,
        },
        comprado: { unidades_disponibles: 0, informes_nuevos: 0, actualizaciones: 0 },
      });
    },
  );

  it.each(["team", "enterprise"] as const)("a %s account has no automatic allotment: unidades_mensuales null", async (plan) => {
    const a = await newAccount({ plan });
    const { body } = await readBalance(a);
    expect(body.cupo).toEqual({ unidades_disponibles: 0, informes_nuevos: 0, actualizaciones: 0, unidades_mensuales: null, unidades_usadas: 0 });
    expect(body.comprado).toEqual({ unidades_disponibles: 0, informes_nuevos: 0, actualizaciones: 0 });
  });

  it("a team account's balance is what an operator loads, in the purchased pocket", async () => {
    const a = await newAccount({ plan: "team" });
    await creditPurchased(await getDb(), a.accountId, 1_050, { kind: "operator_load", note: "contrato" });
    const { body } = await readBalance(a);
    expect(body.comprado).toEqual({ unidades_disponibles: 1_050, informes_nuevos: 5, actualizaciones: 21 });
    expect(body.cupo.unidades_disponibles).toBe(0);
  });

  it("counts how many new reports and updates each pocket covers, rounding down", async () => {
    const a = await newAccount({ plan: "ultimate" });
    await spendFromCupo(a.accountId, 20_000 - 449);
    await creditPurchased(await getDb(), a.accountId, 199, { kind: "operator_load" });
    const { body } = await readBalance(a);
    expect(body.cupo).toMatchObject({ unidades_disponibles: 449, informes_nuevos: 2, actualizaciones: 8, unidades_usadas: 19_551 });
    expect(body.comprado).toEqual({ unidades_disponibles: 199, informes_nuevos: 0, actualizaciones: 3 });
  });
});

describe("monthly allotment across a month boundary (Buenos Aires time)", () => {
  it("replaces what is left of the old allotment with the new month's, writes both to the ledger, and leaves purchased units alone", async () => {
    const clock = useFakeTime(localTime("2030-01-15T12:00:00"));
    try {
      const a = await newAccount({ plan: "ultimate" });
      await creditPurchased(await getDb(), a.accountId, 1_000, { kind: "operator_load" });
      await spendFromCupo(a.accountId, 600);
      expect((await readBalance(a)).body.cupo).toMatchObject({ unidades_disponibles: 19_400, unidades_usadas: 600 });

      // 02:30 UTC on February 1st is still January 31st in Buenos Aires: nothing changes yet.
      clock.set(localTime("2030-01-31T23:59:59"));
      expect((await readBalance(a)).body.cupo).toMatchObject({ unidades_disponibles: 19_400, unidades_usadas: 600 });
      const before = await ledgerOf(a.accountId);

      clock.set(localTime("2030-02-01T00:00:00"));
      const { body } = await readBalance(a);
      expect(body.cupo).toEqual({ unidades_disponibles: 20_000, informes_nuevos: 100, actualizaciones: 400, unidades_mensuales: 20_000, unidades_usadas: 0 });
      expect(body.comprado).toEqual({ unidades_disponibles: 1_000, informes_nuevos: 5, actualizaciones: 20 });

      const added = (await ledgerOf(a.accountId)).slice(before.length);
      expect(added.map(({ pocket, kind, delta, note }) => ({ pocket, kind, delta, note }))).toEqual([
        { pocket: "cupo", kind: "allotment_expire", delta: -19_400, note: "2030-01" },
        { pocket: "cupo", kind: "allotment_grant", delta: 20_000, note: "2030-02" },
      ]);
      expect(added.every((e) => e.createdAt.getTime() === localTime("2030-02-01T00:00:00").getTime())).toBe(true);

      const sums = await ledgerAndBalance(a.accountId);
      expect(sums.ledger).toEqual(sums.balance);
    } finally {
      clock.restore();
    }
  });

  it("refreshes once per month, however many reads race at the boundary", async () => {
    const clock = useFakeTime(localTime("2030-03-31T20:00:00"));
    try {
      const a = await newAccount({ plan: "pro" });
      clock.set(localTime("2030-04-01T08:00:00"));
      const results = await Promise.all(Array.from({ length: 8 }, () => readBalance(a)));
      expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
      await readBalance(a);
      const grants = (await ledgerOf(a.accountId)).filter((e) => e.kind === "allotment_grant");
      expect(grants.map((g) => g.note)).toEqual(["2030-03", "2030-04"]);
      const sums = await ledgerAndBalance(a.accountId);
      expect(sums.ledger).toEqual(sums.balance);
    } finally {
      clock.restore();
    }
  });

  it("jumps straight to the current month after months without reads", async () => {
    const clock = useFakeTime(localTime("2030-05-10T10:00:00"));
    try {
      const a = await newAccount({ plan: "starter" });
      clock.set(localTime("2030-09-02T10:00:00"));
      const monthly = (await monthlyOf("starter"))!;
      expect((await readBalance(a)).body.cupo).toMatchObject({ unidades_disponibles: monthly, unidades_usadas: 0 });
      const notes = (await ledgerOf(a.accountId)).filter((e) => e.kind === "allotment_grant").map((g) => g.note);
      expect(notes).toEqual(["2030-05", "2030-09"]);
    } finally {
      clock.restore();
    }
  });

  it("gives team and enterprise no automatic allotment in a new month; purchased units stay", async () => {
    const clock = useFakeTime(localTime("2030-06-20T10:00:00"));
    try {
      const a = await newAccount({ plan: "enterprise" });
      await creditPurchased(await getDb(), a.accountId, 5_000, { kind: "operator_load" });
      clock.set(localTime("2030-07-01T10:00:00"));
      const { body } = await readBalance(a);
      expect(body.cupo).toEqual({ unidades_disponibles: 0, informes_nuevos: 0, actualizaciones: 0, unidades_mensuales: null, unidades_usadas: 0 });
      expect(body.comprado.unidades_disponibles).toBe(5_000);
      expect((await ledgerOf(a.accountId)).filter((e) => e.pocket === "cupo")).toEqual([]);
    } finally {
      clock.restore();
    }
  });
});

describe("the ledger sums to the balance", () => {
  it("after creation, loads, spending, plan changes and a month boundary", async () => {
    const clock = useFakeTime(localTime("2030-08-05T10:00:00"));
    try {
      const a = await newAccount({ plan: "pro" });
      const db = await getDb();
      const check = async () => {
        const sums = await ledgerAndBalance(a.accountId);
        expect(sums.ledger).toEqual(sums.balance);
      };
      await check();
      await creditPurchased(db, a.accountId, 700, { kind: "operator_load" });
      await check();
      await spendFromCupo(a.accountId, 1_000);
      await check();
      await changePlan(db, a.accountId, "ultimate", OPERATOR);
      await check();
      expect((await readBalance(a)).body.cupo).toMatchObject({ unidades_disponibles: 19_000, unidades_usadas: 1_000, unidades_mensuales: 20_000 });
      await changePlan(db, a.accountId, "free", OPERATOR);
      await check();
      expect((await readBalance(a)).body.cupo).toMatchObject({ unidades_disponibles: 0, unidades_mensuales: await monthlyOf("free") });
      clock.set(localTime("2030-09-01T00:00:01"));
      await readBalance(a);
      await check();
      expect((await readBalance(a)).body).toMatchObject({ cupo: { unidades_disponibles: await monthlyOf("free"), unidades_usadas: 0 }, comprado: { unidades_disponibles: 700 } });
    } finally {
      clock.restore();
    }
  });
});
