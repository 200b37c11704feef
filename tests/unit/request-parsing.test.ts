import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DomainError } from "@/lib/errors";
import { parseBody, parseHeaders, parseQuery } from "@/lib/http/request";
import { batchPostBodySchema, resultsQuerySchema } from "@/lib/schemas/batches";
import { historyQuerySchema, snapshotQuerySchema } from "@/lib/schemas/catalog";
import { eventsQuerySchema, watchPostBodySchema } from "@/lib/schemas/monitoring";
import { listQuerySchema, quoteQuerySchema, reportPostBodySchema, reportPostHeadersSchema } from "@/lib/schemas/reports";
import { searchQuerySchema } from "@/lib/schemas/search";
import { errorBody, httpStatus } from "@/lib/http/errors";

/** The error a parse throws, as the parts the contract renders. */
function refusal(parse: () => unknown): { status: number; body: Record<string, unknown> } {
  try {
    parse();
  } catch (e) {
    if (e instanceof DomainError) return { status: httpStatus(e.code), body: errorBody(e) };
    throw e;
  }
  throw new Error("parsed without an error");
}

const query = (s: string) => new URLSearchParams(s);
const BATCH_MAX = 1000;

describe("request bodies: zod issues to the contract's codes", () => {
  it.each([[null], [[1, 2]], ["30500010912"], [7]])("a body that is not an object (%j) is body_invalido with only `error`", (body) => {
    expect(refusal(() => parseBody(reportPostBodySchema, body))).toEqual({ status: 400, body: { error: "body_invalido" } });
  });

  it.each([[{}], [{ cuit: null }], [{ cuit: "" }], [{ cuit: "   " }], [{ extra: 1 }]])("%j is cuit_requerido, before any extra field", (body) => {
    expect(refusal(() => parseBody(reportPostBodySchema, body))).toEqual({ status: 400, body: { error: "cuit_requerido" } });
  });

  it("an extra field beside a cuit is body_invalido, even when the cuit is not text", () => {
    expect(refusal(() => parseBody(reportPostBodySchema, { cuit: "30500010912", extra: 1 })).body).toEqual({ error: "body_invalido" });
    expect(refusal(() => parseBody(reportPostBodySchema, { cuit: 30500010912, extra: 1 })).body).toEqual({ error: "body_invalido" });
  });

  it("a cuit that is not text is cuit_invalido `formato`, with the schema's Spanish text", () => {
    expect(refusal(() => parseBody(reportPostBodySchema, { cuit: 30500010912 })).body).toEqual({
      error: "cuit_invalido",
      message: 'El CUIT debe enviarse como texto, por ejemplo "30-50001091-2".',
      reason: "formato",
    });
  });

  it("leaves the CUIT's type and check digit to the service", () => {
    expect(parseBody(reportPostBodySchema, { cuit: "20123456780" })).toEqual({ cuit: "20123456780" });
  });

  it("a wrong field without a code of its own is body_invalido", () => {
    expect(refusal(() => parseBody(watchPostBodySchema, { cuit: "30500010912", etiqueta: "" })).body).toEqual({ error: "body_invalido" });
    expect(refusal(() => parseBody(batchPostBodySchema, { cuits: ["30500010912"], solo_cotizar: "si" })).body).toEqual({ error: "body_invalido" });
    expect(refusal(() => parseBody(batchPostBodySchema, { cuits: [{ cuit: "30500010912" }] })).body).toEqual({ error: "body_invalido" });
  });

  it("a batch's list answers the codes its schema names: lote_vacio and lote_demasiado_grande with the counts", () => {
    for (const body of [{}, { cuits: null }, { cuits: [] }, { cuits: "30500010912" }]) {
      expect(refusal(() => parseBody(batchPostBodySchema, body)).body).toEqual({
        error: "lote_vacio",
        message: "Enviá en `cuits` una lista con al menos un CUIT o DNI.",
      });
    }
    const tooMany = refusal(() => parseBody(batchPostBodySchema, { cuits: Array.from({ length: BATCH_MAX + 1 }, () => "30500010912") }));
    expect(tooMany.body).toEqual({
      error: "lote_demasiado_grande",
      message: "Un lote admite hasta 1.000 CUIT o DNI; enviaste 1.001. Dividilo en varios lotes.",
      limite: BATCH_MAX,
      recibidos: BATCH_MAX + 1,
    });
    expect(parseBody(batchPostBodySchema, { cuits: ["30-50001091-2", 12345678] })).toEqual({ cuits: ["30-50001091-2", 12345678] });
  });
});

describe("request headers", () => {
  it("reads the schema's keys whatever their case, and keeps a UUID lowercase", () => {
    const key = "0F8FAD5B-D9CB-469F-A165-70867728950E";
    expect(parseHeaders(reportPostHeadersSchema, new Headers({ "idempotency-key": key }))).toEqual({ "Idempotency-Key": key.toLowerCase() });
    expect(parseHeaders(reportPostHeadersSchema, new Headers())).toEqual({});
  });

  it.each(["not-a-uuid", "", "123e4567-e89b-12d3-a456-42661417400"])("Idempotency-Key %j is idempotency_key_invalido", (value) => {
    expect(refusal(() => parseHeaders(reportPostHeadersSchema, new Headers({ "idempotency-key": value })))).toEqual({
      status: 400,
      body: { error: "idempotency_key_invalido", message: "El encabezado Idempotency-Key debe ser un UUID." },
    });
  });

  it("a required header that is absent is `<name>_requerido` when that code exists", () => {
    const schema = z.object({ "Idempotency-Key": z.string() });
    expect(refusal(() => parseHeaders(schema, new Headers())).body.error).toBe("idempotency_key_requerido");
  });
});

describe("query parameters", () => {
  it.each([
    ["limit=0", "limit"],
    ["limit=51", "limit"],
    ["limit=abc", "limit"],
    ["limit=1.5", "limit"],
    ["limit=1e1", "limit"],
    ["limit=", "limit"],
    ["offset=-1", "offset"],
    ["offset=x", "offset"],
  ])("?%s is parametro_invalido naming %s, with its text", (q, name) => {
    const { status, body } = refusal(() => parseQuery(listQuerySchema, query(q)));
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: "parametro_invalido", parameter: name });
    expect(body.message).toContain(name);
  });

  it("reads whole numbers, the first value of a name, and the defaults", () => {
    expect(parseQuery(historyQuerySchema, query("limit= 5 &limit=7"))).toEqual({ limit: 5, offset: 0 });
    expect(parseQuery(listQuerySchema, query("cuit=30-5000&offset=20"))).toEqual({ cuit: "305000", limit: 10, offset: 20 });
    expect(parseQuery(listQuerySchema, query("cuit=-"))).toEqual({ cuit: undefined, limit: 10, offset: 0 });
  });

  it("the report list's cuit filter is a parametro_invalido, not a cuit_invalido", () => {
    expect(refusal(() => parseQuery(listQuerySchema, query("cuit=abc"))).body).toEqual({
      error: "parametro_invalido",
      message: "El filtro cuit admite solo dígitos y guiones.",
      parameter: "cuit",
    });
  });

  it.each(["", "?cuit=", "?cuit=30-50001091-2", "?cuit=20123456786%20"])("the quote's cuit %j is cuit_invalido `formato`", (q) => {
    expect(refusal(() => parseQuery(quoteQuerySchema, query(q))).body).toEqual({
      error: "cuit_invalido",
      message: "El parámetro cuit es obligatorio y lleva exactamente 11 dígitos, sin guiones ni puntos.",
      reason: "formato",
    });
  });

  it("names the parameter at fault, with the schema's text", () => {
    expect(refusal(() => parseQuery(eventsQuerySchema, query("desde=abc"))).body).toMatchObject({ error: "parametro_invalido", parameter: "desde" });
    expect(refusal(() => parseQuery(resultsQuerySchema, query("formato=pdf"))).body).toEqual({
      error: "parametro_invalido",
      message: "El parámetro formato admite csv, xlsx o ndjson.",
      parameter: "formato",
    });
    for (const fecha of ["2026-02-30", "30/09/2026", ""]) {
      expect(refusal(() => parseQuery(snapshotQuerySchema, new URLSearchParams({ fecha }))).body).toMatchObject({ error: "parametro_invalido", parameter: "fecha" });
    }
    expect(refusal(() => parseQuery(snapshotQuerySchema, query("redirect=0"))).body).toMatchObject({ error: "parametro_invalido", parameter: "redirect" });
    expect(refusal(() => parseQuery(searchQuerySchema, query(""))).body).toMatchObject({ error: "parametro_invalido", parameter: "q" });
    expect(parseQuery(searchQuerySchema, query("q=%20acme%20sa%20"))).toEqual({ q: "acme sa" });
  });

  it("a snapshot format that does not exist is format_not_available, as the schema declares", () => {
    expect(refusal(() => parseQuery(snapshotQuerySchema, query("format=xlsx"))).body).toEqual({
      error: "format_not_available",
      message: "El formato xlsx no está disponible para este dataset. Probá con parquet.",
    });
    expect(parseQuery(snapshotQuerySchema, query(""))).toEqual({ format: "parquet" });
  });

  it("falls back to the code's standard text when the schema has none of its own", () => {
    const schema = z.object({ limit: z.int().min(1) });
    expect(refusal(() => parseQuery(schema, query("limit=0"))).body).toEqual({
      error: "parametro_invalido",
      message: "Un parámetro de la consulta no es válido.",
      parameter: "limit",
    });
  });
});
