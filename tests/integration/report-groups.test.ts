import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { listReportGroups } from "@/lib/reports/by-cuit";
import { newAccount } from "../helpers/accounts";
import { demoCuits } from "../helpers/demo";
import { generate } from "../helpers/reports";

describe("reports grouped by CUIT (lib/reports/by-cuit.ts)", () => {
  it("gives each CUIT once, latest reported first, with every version newest first and its type and cost", async () => {
    const db = await getDb();
    const account = await newAccount({ plan: "ultimate" });
    const other = await newAccount({ plan: "ultimate" });
    const { ok, no_resuelto } = await demoCuits();
    const [a, b] = ok;
    const ids: string[] = [];
    for (const cuit of [a, b, a]) {
      const res = await generate(account, cuit);
      expect(res.status).toBe(200);
      ids.push(res.body.informe_id);
    }
    expect((await generate(account, no_resuelto[0])).status).toBe(200);
    expect((await generate(other, b)).status).toBe(200);

    const { groups, has_more } = await listReportGroups(db, account.accountId, { limit: 10, offset: 0 });
    expect(has_more).toBe(false);
    // The unresolved CUIT is not listed, nor the other account's report.
    expect(groups.map((g) => [g.cuit, g.versions.map((v) => v.id)])).toEqual([
      [a, [ids[2], ids[0]]],
      [b, [ids[1]]],
    ]);
    expect(groups[0].versions.map((v) => [v.tipoAccion, v.costoUnidades])).toEqual([
      ["actualizacion", 50],
      ["nuevo", 200],
    ]);

    const first = await listReportGroups(db, account.accountId, { limit: 1, offset: 0 });
    expect([first.groups.map((g) => g.cuit), first.has_more]).toEqual([[a], true]);
    const second = await listReportGroups(db, account.accountId, { limit: 1, offset: 1 });
    expect([second.groups.map((g) => g.cuit), second.has_more]).toEqual([[b], false]);
    expect((await listReportGroups(db, account.accountId, { cuit: b.slice(2, 8), limit: 10, offset: 0 })).groups.map((g) => g.cuit)).toContain(b);
  });
});
