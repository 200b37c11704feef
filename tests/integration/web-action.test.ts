import { and, desc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { loadBalanceAction } from "@/app/(web)/admin/actions";
import { createKeyAction, revokeKeyAction } from "@/app/(web)/cuenta/claves/actions";
import { getDb } from "@/db/client";
import { apiKeys, auditLog, ledgerEntries } from "@/db/schema";
import { setSuspended } from "@/lib/accounts/update";
import { OPERATOR } from "@/lib/audit/record";
import { createApiKey } from "@/lib/auth/api-keys";
import { loadAccountCaller } from "@/lib/auth/caller";
import { IDLE } from "@/lib/web/action-state";
import { newAccount, type TestAccount } from "../helpers/accounts";
import { runCli } from "../helpers/cli";

/** The browser's session and request headers, stood in for by what a test sets (as in web-suspended.test.ts). */
const request = vi.hoisted((): { signedIn: { accountId: string; userId: string } | null; origin: string | null } => ({
  signedIn: null,
  origin: "http://localhost:3000",
}));
vi.mock("@/lib/auth/web", () => ({
  webCaller: async () => (request.signedIn ? loadAccountCaller(await getDb(), request.signedIn.accountId, request.signedIn.userId) : null),
}));
vi.mock("next/headers", () => ({
  headers: () => Promise.resolve(new Headers({ host: "localhost:3000", ...(request.origin ? { origin: request.origin } : {}) })),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

const signIn = (a: TestAccount | null) => {
  request.signedIn = a && { accountId: a.accountId, userId: a.userId };
};

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

async function auditOf(accountId: string, action: string) {
  const db = await getDb();
  return db
    .select({ actor: auditLog.actor, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.accountId, accountId), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id));
}

beforeEach(() => {
  signIn(null);
  request.origin = "http://localhost:3000";
});

describe("one service per rule, whichever door: the same audit entry from the web, the CLI and a direct call", () => {
  it("key.create and key.revoke, written in the key's own transaction", async () => {
    const a = await newAccount({ plan: "ultimate" });
    signIn(a);
    const made = await createKeyAction(IDLE, form({ name: "web" }));
    expect(made).toMatchObject({ status: "ok", key: expect.stringMatching(/^lgj_/), name: "web" });
    const cli = await runCli(["key:create", "--email", a.email, "--name", "cli"]);
    expect(cli.code).toBe(0);
    const direct = await createApiKey(await getDb(), a.accountId, { name: "direct" }, OPERATOR);

    const entries = await auditOf(a.accountId, "key.create");
    // newAccount's own key is the oldest entry; the three above follow it.
    expect(entries.slice(0, 3).map((e) => e.actor)).toEqual(["cli", "cli", a.email]);
    for (const e of entries) expect(Object.keys(e.details).sort()).toEqual(["key_id", "start"]);
    expect(entries[0].details).toMatchObject({ key_id: direct.id });
    expect(entries[1].details).toMatchObject({ key_id: cli.json.id });

    const revoked = await revokeKeyAction(IDLE, form({ keyId: direct.id }));
    expect(revoked).toEqual({ status: "ok", message: "Clave revocada." });
    expect(await auditOf(a.accountId, "key.revoke")).toEqual([{ actor: a.email, details: { key_id: direct.id } }]);
  });

  it("balance.load from the admin console and from balance:load: the credit, its ledger line and the audit entry together", async () => {
    const admin = await newAccount({ plan: "enterprise", admin: true });
    const customer = await newAccount({ plan: "starter" });
    signIn(admin);
    const web = await loadBalanceAction(IDLE, form({ accountId: customer.accountId, units: "500", note: "  transferencia 123  " }));
    expect(web).toMatchObject({ status: "ok" });
    const cli = await runCli(["balance:load", "--email", customer.email, "--units", "300", "--note", "cli"]);
    expect(cli.code).toBe(0);
    expect(cli.json).toMatchObject({ units: 300, comprado_unidades: 800 });

    expect(await auditOf(customer.accountId, "balance.load")).toEqual([
      { actor: "cli", details: { units: 300, note: "cli" } },
      { actor: admin.email, details: { units: 500, note: "transferencia 123" } },
    ]);
    const db = await getDb();
    const lines = await db.select({ delta: ledgerEntries.delta, note: ledgerEntries.note }).from(ledgerEntries)
      .where(and(eq(ledgerEntries.accountId, customer.accountId), eq(ledgerEntries.kind, "operator_load")));
    expect(lines.map((l) => l.delta).sort()).toEqual([300, 500]);
  });

  it("a load out of range writes nothing, and says why", async () => {
    const admin = await newAccount({ plan: "enterprise", admin: true });
    const customer = await newAccount({ plan: "starter" });
    signIn(admin);
    const res = await loadBalanceAction(IDLE, form({ accountId: customer.accountId, units: "0" }));
    expect(res).toMatchObject({ status: "error", code: "parametro_invalido", message: expect.stringMatching(/entre 1 y/) });
    expect(await auditOf(customer.accountId, "balance.load")).toEqual([]);
  });
});

describe("webAction's gates", () => {
  it("refuses a foreign or missing origin before anything else", async () => {
    const a = await newAccount();
    signIn(a);
    for (const origin of ["https://evil.example", null]) {
      request.origin = origin;
      expect(await createKeyAction(IDLE, form({ name: "x" }))).toMatchObject({ status: "error", message: expect.stringMatching(/origen no autorizado/) });
    }
    const db = await getDb();
    expect(await db.select().from(apiKeys).where(eq(apiKeys.accountId, a.accountId))).toHaveLength(1);
  });

  it("asks a signed-out visitor to sign in, and refuses a suspended account", async () => {
    expect(await revokeKeyAction(IDLE, form({ keyId: "key_x" }))).toMatchObject({ status: "error", code: "unauthenticated" });
    const a = await newAccount();
    await setSuspended(await getDb(), a.accountId, true, OPERATOR);
    signIn(a);
    expect(await revokeKeyAction(IDLE, form({ keyId: a.keyId }))).toMatchObject({ status: "error", code: "account_suspended" });
    const db = await getDb();
    expect(await db.select({ revokedAt: apiKeys.revokedAt }).from(apiKeys).where(eq(apiKeys.id, a.keyId))).toEqual([{ revokedAt: null }]);
  });

  it("answers a customer on an admin action like a page that does not exist", async () => {
    const a = await newAccount();
    signIn(a);
    expect(await loadBalanceAction(IDLE, form({ accountId: a.accountId, units: "100" }))).toMatchObject({ status: "error", code: "not_found" });
    expect(await auditOf(a.accountId, "balance.load")).toEqual([]);
  });

  it("never sends an error object to the browser", async () => {
    const a = await newAccount();
    signIn(a);
    const res = await revokeKeyAction(IDLE, form({ keyId: "key_missing" }));
    expect(res).toEqual({ status: "error", message: expect.any(String), code: "not_found" });
  });
});
