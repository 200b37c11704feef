import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * A database connection that dies inside a transaction must fail that transaction cleanly: no uncaught exception
 * (postgres.js 3.4.9 threw one from a timer, see scripts/patch-postgres.mjs), no statement of the dead transaction
 * run outside it, and the pool usable again afterwards.
 */
const url = () => process.env.DATABASE_URL!;
let admin: postgres.Sql;

beforeAll(async () => {
  admin = postgres(url(), { max: 1, onnotice: () => {} });
  await admin`create table if not exists connection_loss_probe (tag text not null)`;
});
afterAll(async () => {
  await admin`drop table if exists connection_loss_probe`;
  await admin.end();
});

const kill = (pid: number) => admin`select pg_terminate_backend(${pid})`;

describe("connection loss inside a transaction", () => {
  it("rejects the transaction's later statements instead of running them outside it, and recovers", async () => {
    const sql = postgres(url(), { max: 1, onnotice: () => {} });
    const tag = `idle-${Date.now()}`;
    const outcome = sql
      .begin(async (tx) => {
        const [{ pid }] = await tx<{ pid: number }[]>`select pg_backend_pid() as pid`;
        await kill(pid);
        await new Promise((r) => setTimeout(r, 300));
        await tx`insert into connection_loss_probe (tag) values (${tag})`;
        await tx`insert into connection_loss_probe (tag) values (${tag})`;
      })
      .then(
        () => "committed",
        (e: { code?: string }) => e.code ?? "error",
      );
    expect(await outcome).not.toBe("committed");
    await new Promise((r) => setTimeout(r, 200));
    expect(await admin`select 1 from connection_loss_probe where tag = ${tag}`).toHaveLength(0);
    const [{ ok }] = await sql<{ ok: number }[]>`select 1 as ok`;
    expect(ok).toBe(1);
    await sql.end();
  });

  it("fails an in-flight statement with CONNECTION_CLOSED and keeps the process alive", async () => {
    const sql = postgres(url(), { max: 1, onnotice: () => {} });
    let pid = 0;
    const outcome = sql
      .begin(async (tx) => {
        [{ pid }] = await tx<{ pid: number }[]>`select pg_backend_pid() as pid`;
        await tx`select pg_sleep(5)`;
      })
      .then(
        () => "committed",
        (e: { code?: string }) => e.code ?? "error",
      );
    while (!pid) await new Promise((r) => setTimeout(r, 20));
    await kill(pid);
    expect(await outcome).not.toBe("committed");
    await new Promise((r) => setTimeout(r, 200));
    const rows = await sql`select 2 as ok`;
    expect(rows[0].ok).toBe(2);
    await sql.end();
  });
});
