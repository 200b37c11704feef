import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { createAccount } from "@/lib/accounts/create";
import { hashPassword } from "@/lib/auth/passwords";
import { DomainError } from "@/lib/errors";
import { createLogger, log, setLogger } from "@/lib/log";
import { failure } from "@/lib/web/action";
import { newAccount } from "../helpers/accounts";
import { OPERATOR } from "@/lib/audit/record";

/** Routes the process logger into memory and returns the raw text and the parsed lines. */
function capture() {
  const raw: string[] = [];
  setLogger(createLogger({ write: (s: string) => void raw.push(s) }, "info"));
  return { text: () => raw.join(""), lines: () => raw.map((l) => JSON.parse(l) as Record<string, any>) };
}

afterEach(() => setLogger(null));

/** A real failed insert through drizzle: a second user with an email that is taken, carrying a password hash. */
async function failedInsert(): Promise<{ error: unknown; hash: string; email: string }> {
  const a = await newAccount();
  const hash = await hashPassword(`secreta-${randomUUID()}`);
  const error = await (await getDb())
    .insert(users)
    .values({ id: `usr_${randomUUID().slice(0, 12)}`, email: a.email, passwordHash: hash, accountId: a.accountId })
    .then(
      () => null,
      (e: unknown) => e,
    );
  return { error, hash, email: a.email };
}

describe("failed queries in the log", () => {
  it("never writes a failed query's text or parameters, whichever field holds the error", async () => {
    const out = capture();
    const { error, hash } = await failedInsert();
    expect(error).toBeInstanceOf(Error);
    // The error itself does carry them: drizzle puts the query and its parameters in `query`, `params` and the message.
    expect(String((error as Error).message)).toContain(hash);
    log().error({ err: error }, "insert failed");
    log().error({ failure: error, nested: { again: error } }, "insert failed elsewhere");
    const text = out.text();
    expect(text).not.toContain(hash);
    expect(text).not.toContain("$argon2id$");
    expect(text).not.toMatch(/"(query|params|parameters)"/);
    expect(text).not.toContain("insert into");
    const [line] = out.lines();
    // What is left still says what went wrong.
    expect(line.err.message).toContain("Failed query (its text and parameters are not logged)");
    expect(line.err.message).toContain("duplicate key value violates unique constraint");
  });

  it("logs a server action's unexpected failure without the parameters, and shows a generic message", async () => {
    const out = capture();
    const { error, hash } = await failedInsert();
    expect(failure(error)).toEqual({ status: "error", message: "Ocurrió un error inesperado. Probá de nuevo en unos segundos." });
    const line = out.lines().find((l) => l.msg === "server action failed");
    expect(line).toBeDefined();
    expect(out.text()).not.toContain(hash);
    expect(out.text()).not.toContain("params:");
  });

  it("censors a password hash quoted anywhere in a log line", () => {
    const out = capture();
    log().warn({ detail: "Failing row contains (usr_1, a@b.test, $argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA)." }, "row refused");
    expect(out.text()).not.toContain("$argon2id$");
    expect(out.text()).not.toContain("c2FsdA");
  });

  it("answers ten concurrent creations of one email with one account and nine clean 409s, logging no hash", async () => {
    const out = capture();
    const email = `doble-${randomUUID()}@example.test`;
    const db = await getDb();
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => createAccount(db, { email, password: "caballo-bateria-grapa" }, OPERATOR)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected").map((r) => r.reason as unknown);
    expect(refused).toHaveLength(9);
    for (const e of refused) {
      expect(e).toBeInstanceOf(DomainError);
      expect(e).toMatchObject({ code: "email_registrado", message: "Ya existe una cuenta con ese email." });
    }
    expect(out.text()).not.toContain("$argon2");
  });
});
