import { beforeAll, describe, expect, it } from "vitest";
import { GET as balance } from "@/app/v1/balance/route";
import { GET as search } from "@/app/v1/search/route";
import { getDb } from "@/db/client";
import { currentSnapshot } from "@/lib/sources/snapshots";
import { rawSql } from "@/db/raw";
import { newAccount, type TestAccount } from "../helpers/accounts";
import { generate } from "../helpers/reports";
import { bearer, call } from "../helpers/http";

let ultimate: TestAccount;
/** A company of the loaded demo padrón, read straight from its current snapshot. */
let company: { cuit: string; denominacion: string };

const find = (q: string, headers: Record<string, string> = bearer(ultimate.key)) => call(search, `/v1/search?q=${encodeURIComponent(q)}`, { headers });
const cuits = (body: { items: { cuit: string }[] }) => body.items.map((i) => i.cuit);

beforeAll(async () => {
  ultimate = await newAccount({ plan: "ultimate" });
  const db = await getDb();
  const padron = await currentSnapshot(db, "identidad");
  expect(padron).not.toBeNull();
  [company] = await rawSql(db).unsafe<{ cuit: string; denominacion: string }[]>(
    `select cuit, denominacion from src_identidad where snapshot_id = any($1::int[]) and tipo_persona = 'JURIDICA'
       and denominacion ~ '^[A-Z]+ [A-Z]+ ' order by cuit limit 1`,
    [padron!.ids],
  );
});

describe("GET /v1/search", () => {
  it("finds a company by its name whatever the case, word order and accents, with public padrón data only", async () => {
    const [first, second] = company.denominacion.split(" ");
    for (const q of [company.denominacion, `${second.toLowerCase()} ${first.toLowerCase()}`, `${first[0]}${[...first.slice(1)].map((c) => (c === "A" ? "á" : c)).join("")} ${second}`]) {
      const res = await find(q);
      expect(res.status, q).toBe(200);
      expect(cuits(res.body), q).toContain(company.cuit);
    }
    const res = await find(company.denominacion);
    expect(res.body.q).toBe(company.denominacion);
    expect(res.body.items[0]).toEqual({ cuit: company.cuit, denominacion: company.denominacion, tipo_persona: "JURIDICA", provincia: expect.any(String) });
    for (const item of res.body.items) expect(Object.keys(item).sort()).toEqual(["cuit", "denominacion", "provincia", "tipo_persona"]);
  });

  it("folds ñ and ü: 'nunez' and 'muller' find NUÑEZ and MÜLLER", async () => {
    for (const [q, name] of [["nunez", /NUÑEZ/], ["muller", /MÜLLER/]] as const) {
      const res = await find(q);
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeGreaterThan(0);
      expect(res.body.items.some((i: { denominacion: string }) => name.test(i.denominacion))).toBe(true);
    }
  });

  it("answers at most 20, and nothing for a name no one has", async () => {
    // The padrón's most frequent first word, held by more than 20 names.
    const [{ word, n }] = await rawSql(await getDb()).unsafe<{ word: string; n: number }[]>(
      `select split_part(denominacion, ' ', 1) as word, count(*)::int as n from src_identidad
        where snapshot_id = any($1::int[]) group by 1 order by 2 desc limit 1`,
      [(await currentSnapshot(await getDb(), "identidad"))!.ids],
    );
    expect(n).toBeGreaterThan(20);
    const common = await find(word.toLowerCase());
    expect(common.status).toBe(200);
    expect(common.body.items).toHaveLength(20);
    expect((await find("zzqxw kkjv")).body).toEqual({ q: "zzqxw kkjv", items: [] });
  });

  it("refuses a query that is not a name with 400 parametro_invalido, and needs a caller", async () => {
    for (const q of ["", "ab", "a.b.c", "x".repeat(101)]) {
      const res = await find(q);
      expect(res.status, JSON.stringify(q)).toBe(400);
      expect(res.body.error).toBe("parametro_invalido");
    }
    expect((await call(search, "/v1/search?q=servicios")).status).toBe(401);
  });

  it("is free and the same for every account: no units spent, nothing of anyone's reports", async () => {
    const other = await newAccount({ plan: "ultimate" });
    expect((await generate(other, company.cuit)).status).toBe(200);
    const before = (await call(balance, "/v1/balance", { headers: bearer(ultimate.key) })).body;
    const mine = await find(company.denominacion);
    expect((await call(balance, "/v1/balance", { headers: bearer(ultimate.key) })).body).toEqual(before);
    const theirs = await find(company.denominacion, bearer(other.key));
    expect(theirs.body).toEqual(mine.body);
    expect(JSON.stringify(mine.body)).not.toMatch(/inf_|informe|saldo/);
    const session = await newAccount({ plan: "free" });
    // A session passes on any plan (the web's search box); a Free key has no REST channel.
    expect((await find(company.denominacion, { cookie: session.cookie })).status).toBe(200);
    expect((await find(company.denominacion, bearer(session.key))).body.error).toBe("channel_disabled");
  });
});
