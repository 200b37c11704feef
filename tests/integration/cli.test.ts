import { randomUUID } from "node:crypto";
import { execFile } from "node:child_process";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as balance } from "@/app/v1/balance/route";
import { getDb } from "@/db/client";
import { accounts, apiKeys, users } from "@/db/schema";
import { createApiKey, hashKey } from "@/lib/auth/api-keys";
import { authOptions } from "@/lib/auth/session";
import { creditPurchased } from "@/lib/billing/credit";
import { newAccount } from "../helpers/accounts";
import { runCli, type CliResult } from "../helpers/cli";
import { bearer, call } from "../helpers/http";
import { ledgerAndBalance } from "../helpers/ledger";
import { OPERATOR } from "@/lib/audit/record";

const email = () => `cli-${randomUUID()}@example.test`;
const keysOf = (r: CliResult) => Object.keys(r.json ?? {}).sort();

function expectOk(r: CliResult, keys: string[]) {
  expect(r.code, r.stderr).toBe(0);
  expect(r.stdout.trim().split("\n"), "exactly one line on stdout").toHaveLength(1);
  expect(keysOf(r)).toEqual(keys);
}

function expectFailure(r: CliResult, code: string) {
  expect(r.code).not.toBe(0);
  expect(r.stdout.trim().split("\n"), "exactly one line on stdout").toHaveLength(1);
  expect(keysOf(r)).toEqual(["error", "message"]);
  expect(r.json.error).toBe(code);
  expect(r.json.message).toEqual(expect.any(String));
}

async function accountRow(id: string) {
  const [row] = await (await getDb()).select().from(accounts).where(eq(accounts.id, id));
  return row;
}

const readBalance = (key: string) => call(balance, "/v1/balance", { headers: bearer(key) });

// Every test works on its own fresh accounts, so the child processes can run side by side.
describe.concurrent("operator CLI", () => {
  it("help, through `npm run --silent admin --`, prints only the JSON object and lists the commands", async () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile("npm", ["run", "--silent", "admin", "--", "help"], { cwd: root, env: process.env }, (err, out) => (err ? reject(new Error(err.message)) : resolve(out))),
    );
    expect(stdout.trim().split("\n")).toHaveLength(1);
    const help = JSON.parse(stdout);
    expect(Object.keys(help).sort()).toEqual(["commands", "usage"]);
    const names = help.commands.map((c: { name: string }) => c.name);
    for (const n of ["account:create", "account:suspend", "account:unsuspend", "account:plan", "balance:load", "key:create", "key:revoke", "help"]) {
      expect(names).toContain(n);
    }
  });

  it("account:create prints account_id, email and plan; the account has its plan, billing, admin flag and password", async () => {
    const e = email();
    const r = await runCli(["account:create", "--email", e, "--plan", "pro", "--billing", "daily_cap", "--admin", "--password", "una-clave-larga"]);
    expectOk(r, ["account_id", "email", "plan"]);
    expect(r.json).toEqual({ account_id: expect.stringMatching(/^acc_/), email: e, plan: "pro" });
    expect(await accountRow(r.json.account_id)).toMatchObject({ planTier: "pro", billingModel: "daily_cap", isAdmin: true, suspended: false });
    const authorize = (authOptions().providers[0] as any).options.authorize as (c: Record<string, string>) => Promise<unknown>;
    expect(await authorize({ email: e, password: "una-clave-larga" })).toMatchObject({ accountId: r.json.account_id });
    expect(await authorize({ email: e, password: "otra-clave" })).toBeNull();
  });

  it("account:create defaults to the balance model, not admin, no usable password", async () => {
    const e = email();
    const r = await runCli(["account:create", "--email", e, "--plan", "ultimate"]);
    expectOk(r, ["account_id", "email", "plan"]);
    expect(await accountRow(r.json.account_id)).toMatchObject({ planTier: "ultimate", billingModel: "balance", isAdmin: false });
    const [user] = await (await getDb()).select().from(users).where(eq(users.email, e));
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("key:create prints key, id and expires_at (one year); the key reads /v1/balance and only its hash is stored", async () => {
    const a = await newAccount({ plan: "ultimate" });
    const r = await runCli(["key:create", "--email", a.email, "--name", "ci"]);
    expectOk(r, ["expires_at", "id", "key"]);
    expect(r.json.key).toMatch(/^lgj_[0-9A-Za-z]{43}$/);
    expect(r.json.id).toMatch(/^key_/);
    const days = (Date.parse(r.json.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364.9);
    expect(days).toBeLessThanOrEqual(365);
    expect((await readBalance(r.json.key)).status).toBe(200);
    const [row] = await (await getDb()).select().from(apiKeys).where(eq(apiKeys.id, r.json.id));
    expect(row).toMatchObject({ hash: hashKey(r.json.key), name: "ci", accountId: a.accountId });
  });

  it("key:create --expires-in-days 0 gives a key that gets 401", async () => {
    const a = await newAccount({ plan: "ultimate" });
    const r = await runCli(["key:create", "--email", a.email, "--expires-in-days", "0"]);
    expectOk(r, ["expires_at", "id", "key"]);
    expect((await readBalance(r.json.key)).status).toBe(401);
  });

  it("key:revoke prints id and revoked_at; the key gets 401 from then on, and a second revoke fails", async () => {
    const a = await newAccount({ plan: "ultimate" });
    const r = await runCli(["key:revoke", "--email", a.email, "--id", a.keyId]);
    expectOk(r, ["id", "revoked_at"]);
    expect(r.json.id).toBe(a.keyId);
    expect(Number.isNaN(Date.parse(r.json.revoked_at))).toBe(false);
    expect((await readBalance(a.key)).status).toBe(401);
    expectFailure(await runCli(["key:revoke", "--email", a.email, "--id", a.keyId]), "not_found");
  });

  it("account:suspend and account:unsuspend switch 403 account_suspended on and off (email in any letter case)", async () => {
    const a = await newAccount({ plan: "ultimate" });
    const suspended = await runCli(["account:suspend", "--email", a.email.toUpperCase()]);
    expectOk(suspended, ["account_id", "email", "suspended"]);
    expect(suspended.json).toEqual({ account_id: a.accountId, email: a.email, suspended: true });
    const res = await readBalance(a.key);
    expect([res.status, res.body.error]).toEqual([403, "account_suspended"]);
    const lifted = await runCli(["account:unsuspend", "--email", a.email]);
    expectOk(lifted, ["account_id", "email", "suspended"]);
    expect(lifted.json).toEqual({ account_id: a.accountId, email: a.email, suspended: false });
    expect((await readBalance(a.key)).status).toBe(200);
  });

  it("account:plan prints account_id, email and plan, and moves the account", async () => {
    const a = await newAccount({ plan: "free" });
    expect((await readBalance(a.key)).status).toBe(403);
    const r = await runCli(["account:plan", "--email", a.email, "--plan", "ultimate"]);
    expectOk(r, ["account_id", "email", "plan"]);
    expect(r.json).toEqual({ account_id: a.accountId, email: a.email, plan: "ultimate" });
    expect((await accountRow(a.accountId)).planTier).toBe("ultimate");
    expect((await readBalance(a.key)).status).toBe(200);
  });

  it("balance:load adds purchased units, written to the ledger", async () => {
    const a = await newAccount({ plan: "team" });
    await creditPurchased(await getDb(), a.accountId, 300, { kind: "operator_load" });
    const r = await runCli(["balance:load", "--email", a.email, "--units", "1200"]);
    expectOk(r, ["account_id", "comprado_unidades", "email", "units"]);
    expect(r.json).toEqual({ account_id: a.accountId, email: a.email, units: 1200, comprado_unidades: 1500 });
    expect(await ledgerAndBalance(a.accountId)).toEqual({ ledger: { cupo: 0, comprado: 1500 }, balance: { cupo: 0, comprado: 1500 } });
    expect((await readBalance(a.key)).body.comprado.unidades_disponibles).toBe(1500);
  });
});

describe.concurrent("operator CLI failures: {error, message} and a non-zero exit", () => {
  it.each([
    ["account:suspend", []],
    ["balance:load", ["--units", "10"]],
    ["key:create", []],
  ])("%s with an unknown email", async (command, flags) => {
    const e = email();
    const r = await runCli([command, ...flags, "--email", e]);
    expectFailure(r, "not_found");
    expect(r.json.message).toContain(e);
  });

  it("account:create with a bad tier", async () => {
    const r = await runCli(["account:create", "--email", email(), "--plan", "gold"]);
    expectFailure(r, "parametro_invalido");
    expect(r.json.message).toContain("gold");
  });

  it("account:plan with a bad tier leaves the plan as it was", async () => {
    const a = await newAccount({ plan: "starter" });
    const r = await runCli(["account:plan", "--email", a.email, "--plan", "platinum"]);
    expectFailure(r, "parametro_invalido");
    expect(r.json.message).toContain("platinum");
    expect((await accountRow(a.accountId)).planTier).toBe("starter");
  });

  it("balance:load with negative units loads nothing", async () => {
    const a = await newAccount();
    expectFailure(await runCli(["balance:load", "--email", a.email, "--units", "-5"]), "parametro_invalido");
    expect(await ledgerAndBalance(a.accountId)).toMatchObject({ ledger: { comprado: 0 }, balance: { comprado: 0 } });
  });

  it("balance:load with more units than one load may add says so in words, not SQL", async () => {
    const a = await newAccount();
    const r = await runCli(["balance:load", "--email", a.email, "--units", "99999999999"]);
    expectFailure(r, "parametro_invalido");
    expect(r.json.message).toBe("Las unidades deben ser un número entero entre 1 y 10.000.000.");
    expect(r.stdout + r.stderr).not.toMatch(/insert|update|select|params/i);
    expect(await ledgerAndBalance(a.accountId)).toMatchObject({ ledger: { comprado: 0 }, balance: { comprado: 0 } });
  });

  it("balance:load with units that are not an integer", async () => {
    const a = await newAccount();
    expectFailure(await runCli(["balance:load", "--email", a.email, "--units", "12.5"]), "argumento_invalido");
  });

  it("an unknown command", async () => {
    const r = await runCli(["account:delete", "--email", email()]);
    expectFailure(r, "comando_desconocido");
    expect(r.json.message).toContain("account:delete");
  });

  it("an unknown flag", async () => {
    const r = await runCli(["account:suspend", "--email", email(), "--force"]);
    expectFailure(r, "argumento_invalido");
    expect(r.json.message).toContain("--force");
  });

  it.each([
    ["account:create", ["--plan", "pro"], "--email"],
    ["balance:load", ["--email", "nobody@example.test"], "--units"],
    ["key:revoke", ["--email", "nobody@example.test"], "--id"],
    ["account:plan", ["--email", "nobody@example.test"], "--plan"],
  ])("%s without a required flag (reported before any lookup)", async (command, flags, missing) => {
    const r = await runCli([command, ...flags]);
    expectFailure(r, "argumento_faltante");
    expect(r.json.message).toContain(missing);
  });

  it("a flag that needs a value given none", async () => {
    expectFailure(await runCli(["account:create", "--email", email(), "--plan"]), "argumento_invalido");
  });

  it("a stray argument", async () => {
    expectFailure(await runCli(["account:suspend", "someone@example.test"]), "argumento_invalido");
  });

  it("account:create with an email that is taken", async () => {
    const a = await newAccount();
    expectFailure(await runCli(["account:create", "--email", a.email, "--plan", "pro"]), "email_registrado");
  });

  it("account:create with a bad billing model", async () => {
    expectFailure(await runCli(["account:create", "--email", email(), "--plan", "pro", "--billing", "prepaid"]), "argumento_invalido");
  });

  it("key:create past the limit of 10 active keys", async () => {
    const a = await newAccount(); // holds one key
    for (let i = 0; i < 8; i++) await createApiKey(await getDb(), a.accountId, {}, OPERATOR);
    expectOk(await runCli(["key:create", "--email", a.email]), ["expires_at", "id", "key"]);
    const r = await runCli(["key:create", "--email", a.email]);
    expectFailure(r, "key_limit_reached");
    expect(r.json.message).toContain("10");
  });

  it("key:create with a negative validity", async () => {
    const a = await newAccount();
    expectFailure(await runCli(["key:create", "--email", a.email, "--expires-in-days", "-1"]), "parametro_invalido");
  });
});
