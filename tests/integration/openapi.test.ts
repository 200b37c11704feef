import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import { GET } from "@/app/v1/openapi.json/route";
import { OPERATIONS } from "@/lib/openapi/operations";
import { ERROR_SCHEMAS } from "@/lib/schemas/errors";
import { call } from "../helpers/http";

describe("GET /v1/openapi.json", () => {
  it("serves a valid OpenAPI 3.0 document, version 1.0.0, publicly", async () => {
    const res = await call(GET, "/v1/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toBeTruthy();
    const doc = res.body;
    expect(doc.openapi).toMatch(/^3\.0\.\d$/);
    expect(doc.info.version).toBe("1.0.0");
    const api = (await SwaggerParser.validate(structuredClone(doc))) as { openapi: string };
    expect(api.openapi).toBe(doc.openapi);
  });

  it("describes all ten operations of the contract with their security", async () => {
    const doc = (await call(GET, "/v1/openapi.json")).body;
    const ops = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item as object).map((m) => `${m.toUpperCase()} ${path}`));
    expect(ops.sort()).toEqual(
      [
        "POST /v1/reports",
        "GET /v1/reports",
        "GET /v1/reports/{id}",
        "GET /v1/reports/quote",
        "GET /v1/balance",
        "GET /v1/prices",
        "GET /v1/datasets",
        "GET /v1/datasets/{id}",
        "GET /v1/datasets/{id}/snapshot",
        "GET /v1/openapi.json",
      ].sort(),
    );
    for (const path of ["/v1/prices", "/v1/openapi.json"]) expect(doc.paths[path].get.security).toEqual([]);
    expect(doc.paths["/v1/balance"].get.security).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("documents every error code of part 7 with its exact body, and the headers of the contract", async () => {
    const doc = (await call(GET, "/v1/openapi.json")).body;
    const codes = new Set<string>();
    for (const op of OPERATIONS) for (const list of Object.values(op.errors)) for (const c of list) codes.add(c);
    for (const code of [...Object.keys(ERROR_SCHEMAS), "dataset_not_found"]) expect(codes.has(code), code).toBe(true);
    const schemas = doc.components.schemas;
    expect(schemas.CuitRequeridoError.required).toEqual(["error"]);
    expect(schemas.BodyInvalidoError.required).toEqual(["error"]);
    expect(schemas.DatasetNotFound.required.sort()).toEqual(["dataset_id", "error"]);
    for (const code of ["GeneracionEnCurso", "IdempotencyKeyConflict", "InformeNoPersistido", "SaldoInsuficiente"]) {
      expect(schemas[`${code}Error`].required).toContain("mensaje");
      expect(schemas[`${code}Error`].properties.message).toBeUndefined();
    }
    expect(schemas.CuitInvalidoError.properties.reason.enum).toEqual(["formato", "tipo", "digito_verificador"]);
    const post = doc.paths["/v1/reports"].post;
    expect(post.parameters.map((p: { name: string }) => p.name)).toContain("Idempotency-Key");
    expect(Object.keys(post.responses).sort()).toEqual(["200", "400", "401", "402", "403", "409", "429", "500"]);
    expect(post.responses["409"].headers["Retry-After"]).toBeDefined();
    expect(post.responses["429"].headers["Retry-After"]).toBeDefined();
    expect(post.responses["200"].headers["RateLimit-Remaining"]).toBeDefined();
    expect(doc.paths["/v1/datasets/{id}/snapshot"].get.responses["302"].headers.Location).toBeDefined();
  });

  it("marks nullable and optional fields as spec part 2 does", async () => {
    const s = (await call(GET, "/v1/openapi.json")).body.components.schemas;
    expect(s.ReportPostResponse.required.sort()).toEqual(["cuit", "generated_at", "informe_id", "sections", "status"]);
    expect(s.ReportPostResponse.properties.informe_id.nullable).toBe(true);
    expect(s.ReportPostResponse.properties.tipo_accion.nullable).toBe(true);
    expect(s.ReportListItem.required.length).toBe(8);
    expect(s.ReportListItem.properties.denominacion.nullable).toBe(true);
    expect(s.BalanceResponse.properties.cupo.properties.unidades_mensuales.nullable).toBe(true);
    expect(s.ReportQuoteResponse.properties.mensaje.nullable).toBe(true);
    expect(s.PlanPrice.properties.price_ars_monthly.nullable).toBe(true);
    expect(s.DatasetDetail.properties.snapshot_date.nullable).toBe(true);
    expect(s.SectionField.required.sort()).toEqual(["fuente_dataset_id", "label", "snapshot_date", "value"]);
    expect(s.SectionField.properties.value.nullable).toBe(true);
    expect(s.Section.required).not.toContain("error_reason");
  });
});
