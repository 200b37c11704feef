import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * postgres.js as patched by scripts/patch-postgres.mjs: a transaction's BEGIN goes out with its first statements,
 * and `sql.commit()` sends the COMMIT behind the statements already sent. What a transaction guarantees must not
 * change: its statements run inside it, a failure before the COMMIT keeps nothing, and the connection goes back to
 * the pool only once the transaction is over.
 */
type PipelinedTx = postgres.TransactionSql & { commit(): Promise<unknown> };

const url = () => process.env.DATABASE_URL!;
let admin: postgres.Sql;

beforeAll(async () => {
  admin = postgres(url(), { max: 1, onnotice: () => {} });
  await admin`create table if not exists pipelined_probe (tag text primary key)`;
});
afterAll(async () => {
  await admin`drop table if exists pipelined_probe`;
  await admin.end();
});

const stored = async (prefix: string) =>
  (await admin<{ tag: string }[]>`select tag from pipelined_probe where tag like ${`${prefix}%`} order by tag`).map((r) => r.tag);

describe("a transaction with BEGIN and COMMIT pipelined", () => {
  it("runs its first statements inside the transaction and commits what was sent before the COMMIT", async () => {
    const sql = postgres(url(), { max: 1, onnotice: () => {} });
    const tag = `ok-${Date.now()}`;
    try {
      const [inside, txid] = await sql.begin(async (tx) => {
        // The first statement goes out with BEGIN: a transaction id it takes is the one the later statements see.
        const [[{ id }], [{ state }]] = await Promise.all([
          tx<{ id: string }[]>`select txid_current()::text as id`,
          tx<{ state: string }[]>`select current_setting('transaction_isolation') as state`,
        ]);
        const insert = tx`insert into pipelined_probe (tag) values (${`${tag}-a`}), (${`${tag}-b`})`.execute();
        const [, [{ same }]] = await Promise.all([insert, tx<{ same: string }[]>`select txid_current()::text as same`.execute(), (tx as PipelinedTx).commit()]);
        return [state, same === id] as const;
      });
      expect(inside).toBe("read committed");
      expect(txid).toBe(true);
      expect(await stored(tag)).toEqual([`${tag}-a`, `${tag}-b`]);
    } finally {
      await sql.end();
    }
  });

  it("keeps nothing when a statement before the COMMIT fails, and throws that failure", async () => {
    const sql = postgres(url(), { max: 1, onnotice: () => {} });
    const tag = `fail-${Date.now()}`;
    await admin`insert into pipelined_probe (tag) values (${`${tag}-taken`})`;
    try {
      const outcome = sql
        .begin(async (tx) => {
          const first = tx`insert into pipelined_probe (tag) values (${`${tag}-first`})`.execute();
          const clash = tx`insert into pipelined_probe (tag) values (${`${tag}-taken`})`.execute();
          const after = tx`insert into pipelined_probe (tag) values (${`${tag}-after`})`.execute();
          const settled = await Promise.allSettled([first, clash, after, (tx as PipelinedTx).commit()]);
          const failed = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
          if (failed) throw failed.reason;
        })
        .then(
          () => "committed",
          (e: { code?: string }) => e.code,
        );
      expect(await outcome).toBe("23505");
      expect(await stored(tag)).toEqual([`${tag}-taken`]);
      // The connection is usable for the next transaction.
      expect(await sql.begin((tx) => tx<{ one: number }[]>`select 1 as one`)).toEqual([{ one: 1 }]);
    } finally {
      await sql.end();
    }
  });

  it("refuses a statement sent after the COMMIT instead of running it outside the transaction", async () => {
    const sql = postgres(url(), { max: 1, onnotice: () => {} });
    const tag = `late-${Date.now()}`;
    try {
      const outcome = sql
        .begin(async (tx) => {
          await Promise.all([tx`insert into pipelined_probe (tag) values (${`${tag}-in`})`.execute(), (tx as PipelinedTx).commit()]);
          await tx`insert into pipelined_probe (tag) values (${`${tag}-late`})`;
        })
        .then(
          () => "ok",
          (e: { code?: string }) => e.code,
        );
      expect(await outcome).toBe("AFTER_COMMIT");
      expect(await stored(tag)).toEqual([`${tag}-in`]);
    } finally {
      await sql.end();
    }
  });

  it("keeps each transaction's statements on its own connection when transactions wait for the pool", async () => {
    const sql = postgres(url(), { max: 1, onnotice: () => {} });
    try {
      const seen = await Promise.all(
        ["one", "two", "three"].map((name) =>
          sql.begin(async (tx) => {
            await tx`select set_config('legajo.probe', ${name}, true)`;
            const [{ value }] = await tx<{ value: string }[]>`select current_setting('legajo.probe') as value`;
            return value;
          }),
        ),
      );
      expect(seen).toEqual(["one", "two", "three"]);
    } finally {
      await sql.end();
    }
  });
});
