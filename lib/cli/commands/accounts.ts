import { createAccount } from "@/lib/accounts/create";
import { accountByEmail } from "@/lib/accounts/find";
import { changePlan, setSuspended } from "@/lib/accounts/update";
import { createApiKey, listApiKeys, revokeApiKey } from "@/lib/auth/api-keys";
import { loadBalance } from "@/lib/billing/credit";
import { DomainError } from "@/lib/errors";
import type { Command } from "../command";
import { OPERATOR } from "@/lib/audit/record";

const billingModel = (value: string | undefined) => {
  if (value === undefined || value === "balance" || value === "daily_cap") return value;
  throw new DomainError("argumento_invalido", { text: `--billing must be balance or daily_cap, got "${value}".` });
};

/** Every command reads all its flags before touching the database, so a usage error is reported as one. */
export const accountCommands: Record<string, Command> = {
  "account:create": {
    usage: "account:create --email E --plan TIER [--password P] [--admin] [--billing balance|daily_cap] [--name N]",
    summary: "Creates an account with its first user and its plan's monthly allotment.",
    flags: ["email", "plan", "password", "admin", "billing", "name"],
    async run(f, db) {
      const created = await createAccount(
        db,
        {
          email: f.string("email"),
          plan: f.string("plan") as never,
          password: f.string("password", "optional"),
          admin: f.switch("admin"),
          billing: billingModel(f.string("billing", "optional")),
          name: f.string("name", "optional"),
        },
        OPERATOR,
      );
      return { account_id: created.account_id, email: created.email, plan: created.plan };
    },
  },
  "account:suspend": {
    usage: "account:suspend --email E",
    summary: "Suspends an account: every authenticated call gets 403 account_suspended.",
    flags: ["email"],
    async run(f, db) {
      const { account, email } = await accountByEmail(db, f.string("email"));
      await setSuspended(db, account.id, true, OPERATOR);
      return { account_id: account.id, email, suspended: true };
    },
  },
  "account:unsuspend": {
    usage: "account:unsuspend --email E",
    summary: "Lifts a suspension.",
    flags: ["email"],
    async run(f, db) {
      const { account, email } = await accountByEmail(db, f.string("email"));
      await setSuspended(db, account.id, false, OPERATOR);
      return { account_id: account.id, email, suspended: false };
    },
  },
  "account:plan": {
    usage: "account:plan --email E --plan TIER",
    summary: "Moves an account to another plan (free, starter, pro, ultimate, team, enterprise).",
    flags: ["email", "plan"],
    async run(f, db) {
      const tier = f.string("plan");
      const { account, email } = await accountByEmail(db, f.string("email"));
      const { plan } = await changePlan(db, account.id, tier, OPERATOR);
      return { account_id: account.id, email, plan };
    },
  },
  "balance:load": {
    usage: "balance:load --email E --units N",
    summary: "Adds N purchased units (the comprado pocket), written to the ledger.",
    flags: ["email", "units", "note"],
    async run(f, db) {
      const units = f.integer("units")!;
      const note = f.string("note", "optional");
      const { account, email } = await accountByEmail(db, f.string("email"));
      const { comprado } = await loadBalance(db, account.id, { units, note }, OPERATOR);
      return { account_id: account.id, email, units, comprado_unidades: comprado };
    },
  },
  "key:create": {
    usage: "key:create --email E [--name N] [--expires-in-days D]",
    summary: "Creates an API key and prints it once. D = 0 makes an already expired key.",
    flags: ["email", "name", "expires-in-days"],
    async run(f, db) {
      const input = { name: f.string("name", "optional"), expiresInDays: f.integer("expires-in-days", "optional") };
      const { account } = await accountByEmail(db, f.string("email"));
      const created = await createApiKey(db, account.id, input, OPERATOR);
      return { key: created.key, id: created.id, expires_at: created.expiresAt.toISOString() };
    },
  },
  "key:list": {
    usage: "key:list --email E",
    summary: "Lists an account's keys (never their secret).",
    flags: ["email"],
    async run(f, db) {
      const { account } = await accountByEmail(db, f.string("email"));
      const keys = await listApiKeys(db, account.id);
      return { account_id: account.id, keys };
    },
  },
  "key:revoke": {
    usage: "key:revoke --email E --id ID",
    summary: "Revokes one of the account's keys; it gets 401 from then on.",
    flags: ["email", "id"],
    async run(f, db) {
      const keyId = f.string("id");
      const { account } = await accountByEmail(db, f.string("email"));
      const { id, revokedAt } = await revokeApiKey(db, account.id, keyId, OPERATOR);
      return { id, revoked_at: revokedAt.toISOString() };
    },
  },
};
