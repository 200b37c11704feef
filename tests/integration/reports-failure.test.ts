import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { newAccount } from "../helpers/accounts";
import { demoCuits } from "../helpers/demo";
import { ledgerAndBalance, ledgerOf } from "../helpers/ledger";
import { generate, newKey, reportRows } from "../helpers/reports";

afterEach(() => {
  delete process.env.REPORT_PERSIST_FAULT;
});

describe("atomicity: charge if and only if the report was persisted", () => {
  it("answers informe_no_persistido and charges nothing when the connection dies before the commit", async () => {
    const a = await newAccount();
    const { ok } = await demoCuits();
    const before = await ledgerAndBalance(a.accountId);
    // A real failure: the server ends the transaction's own session, so the commit never happens.
    process.env.REPORT_PERSIST_FAULT = "disconnect";
    const key = newKey();
    const res = await generate(a, ok[0], { key });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: "informe_no_persistido", mensaje: expect.any(String) });
    delete process.env.REPORT_PERSIST_FAULT;
    expect(await ledgerAndBalance(a.accountId)).toEqual(before);
    expect(await reportRows(a.accountId)).toHaveLength(0);
    expect((await ledgerOf(a.accountId)).some((e) => e.kind === "report_debit")).toBe(false);
    const retry = await generate(a, ok[0], { key });
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ cache_hit: false, tipo_accion: "nuevo", costo_unidades: 200 });
  });

  it("rolls back the charge when persisting the report throws", async () => {
    const a = await newAccount();
    const { ok } = await demoCuits();
    process.env.REPORT_PERSIST_FAULT = "throw";
    expect((await generate(a, ok[0])).status).toBe(500);
    const { balance, ledger } = await ledgerAndBalance(a.accountId);
    expect(balance.cupo).toBe(20_000);
    expect(ledger).toEqual(balance);
    expect(await (await getDb()).execute(sql`select 1 from reports where account_id = ${a.accountId}`)).toHaveLength(0);
  });
});
