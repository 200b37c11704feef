import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { auditLog } from "@/db/schema";
import { listPlanRequests, markPlanRequestHandled, pendingPlanRequests, requestPlan } from "@/lib/billing/plan-requests";
import { newAccount } from "../helpers/accounts";
import type { Actor } from "@/lib/audit/record";

const actor = (email: string): Actor => ({ kind: "user", accountId: null, userId: null, email });

describe("plan requests (lib/billing/plan-requests.ts)", () => {
  it("records a request for a higher plan once, however many times it is asked at once, for the admins' list", async () => {
    const db = await getDb();
    const a = await newAccount({ plan: "free" });
    const asks = await Promise.all(Array.from({ length: 5 }, () => requestPlan(db, a.accountId, "pro", actor(a.email))));
    expect(asks.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(asks.map((r) => r.request.id)).size).toBe(1);
    expect(asks[0].request).toMatchObject({ fromTier: "free", requestedTier: "pro", handledAt: null });
    expect((await pendingPlanRequests(db, a.accountId)).map((r) => r.requestedTier)).toEqual(["pro"]);

    const row = (await listPlanRequests(db, "pending", 500)).find((r) => r.accountId === a.accountId);
    expect(row).toMatchObject({ email: a.email, requestedLabel: "Pro", fromLabel: "Free" });
    const audit = await db.select().from(auditLog).where(eq(auditLog.accountId, a.accountId));
    expect(audit.filter((e) => e.action === "plan.request")).toHaveLength(1);
  });

  it("refuses the account's own plan, a lower one and an unknown one", async () => {
    const db = await getDb();
    const a = await newAccount({ plan: "pro" });
    await expect(requestPlan(db, a.accountId, "pro", actor(a.email))).rejects.toMatchObject({ code: "plan_no_superior" });
    await expect(requestPlan(db, a.accountId, "starter", actor(a.email))).rejects.toMatchObject({ code: "plan_no_superior" });
    await expect(requestPlan(db, a.accountId, "platinum", actor(a.email))).rejects.toMatchObject({ code: "parametro_invalido" });
    expect(await pendingPlanRequests(db, a.accountId)).toEqual([]);
  });

  it("leaves the pending list once handled, exactly once", async () => {
    const db = await getDb();
    const a = await newAccount({ plan: "starter" });
    const { request } = await requestPlan(db, a.accountId, "ultimate", actor(a.email));
    const handled = await markPlanRequestHandled(db, request.id, actor("admin@legajo.test"));
    expect(handled.handledAt).toBeInstanceOf(Date);
    await expect(markPlanRequestHandled(db, request.id, actor("admin@legajo.test"))).rejects.toMatchObject({ code: "solicitud_ya_atendida" });
    await expect(markPlanRequestHandled(db, "sol_nope", actor("admin@legajo.test"))).rejects.toMatchObject({ code: "not_found" });
    expect(await pendingPlanRequests(db, a.accountId)).toEqual([]);
    expect((await listPlanRequests(db, "handled", 500)).some((r) => r.id === request.id)).toBe(true);
    // Handled, the plan may be asked for again.
    expect((await requestPlan(db, a.accountId, "ultimate", actor(a.email))).created).toBe(true);
  });
});
