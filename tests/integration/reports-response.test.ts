import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { loadAccountCaller, type VerifiedCaller } from "@/lib/auth/caller";
import { generateReport, responseJson } from "@/lib/reports/generate";
import { newAccount } from "../helpers/accounts";
import { demoCuits } from "../helpers/demo";

describe("the text of a new report's response", () => {
  it("is what JSON.stringify gives its body, with the sections' stored text spliced in", async () => {
    const a = await newAccount();
    const db = await getDb();
    const caller = (await loadAccountCaller(db, a.accountId, a.userId)) as VerifiedCaller;
    const { ok } = await demoCuits();
    const generated = await generateReport(db, caller, { cuit: ok[0], idempotencyKey: null });
    expect(generated.sectionsJson).toBe(JSON.stringify(generated.body.sections));
    expect(responseJson(generated)).toBe(JSON.stringify(generated.body));
  });
});
