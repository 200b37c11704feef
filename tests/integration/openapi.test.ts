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
        // Name search (issue 19).
        "GET /v1/search",
        "GET /v1/balance",
        "GET /v1/prices",
        "GET /v1/datasets",
        "GET /v1/datasets/{id}",
        "GET /v1/datasets/{id}/snapshot",
        "GET /v1/openapi.json",
        // Beyond the contract (DESIGN.md §9): the catalog's history and its DCAT catalog.
        "GET /v1/datasets/{id}/snapshots",
        "GET /catalog/data.json",
        // Batches of reports (issue 17).
        "POST /v1/batches",
        "GET /v1/batches",
        "GET /v1/batches/{id}",
        "GET /v1/batches/{id}/items",
        "POST /v1/batches/{id}/cancel",
        "GET /v1/batches/{id}/results",
        // Monitoring and webhooks (issue 16).
        "GET /v1/reports/{id}/changes",
        "POST /v1/watchlist",
        "GET /v1/watchlist",
        "DELETE /v1/watchlist/{cuit}",
        "GET /v1/events",
        "POST /v1/webhooks",
        "GET /v1/webhooks",
        "GET /v1/webhooks/{id}",
        "DELETE /v1/webhooks/{id}",
        "POST /v1/webhooks/{id}/rotate-secret",
        "POST /v1/webhooks/{id}/test",
        "GET /v1/webhooks/{id}/deliveries",
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

  it("documents the snapshot history, the fecha parameter, the manifest and the DCAT catalog with their errors", async () => {
    const doc = (await call(GET, "/v1/openapi.json")).body;
    const link = doc.paths["/v1/datasets/{id}/snapshot"].get;
    expect(link.parameters.map((p: { name: string }) => p.name)).toEqual(["id", "format", "fecha", "redirect"]);
    expect(link.parameters.find((p: { name: string }) => p.name === "format").schema).toMatchObject({ enum: ["parquet", "csv", "manifest"], default: "parquet" });
    expect(link.responses["400"].description).toContain("parametro_invalido");
    // The contract's answer keeps its shape; the manifest link is a schema of its own.
    expect(doc.components.schemas.SnapshotResponse.properties.format).toEqual({ $ref: "#/components/schemas/SnapshotFormat" });
    expect(doc.components.schemas.SnapshotFormat.enum).toEqual(["parquet", "csv"]);
    expect(link.responses["200"].content["application/json"].schema).toEqual({
      anyOf: [{ $ref: "#/components/schemas/SnapshotResponse" }, { $ref: "#/components/schemas/ManifestLinkResponse" }],
    });
    expect(doc.components.schemas.ManifestLinkResponse.properties.format.enum).toEqual(["manifest"]);
    const historyOp = doc.paths["/v1/datasets/{id}/snapshots"].get;
    expect(historyOp.security).toEqual([{}, { bearerAuth: [] }, { sessionCookie: [] }]);
    expect(Object.keys(historyOp.responses).sort()).toEqual(["200", "400", "404", "429", "500"]);
    expect(doc.components.schemas.SnapshotHistoryItem.required.sort()).toEqual(["actual", "archivos", "publicado_en", "rows_count", "snapshot_date"]);
    expect(doc.paths["/catalog/data.json"].get.security).toEqual([]);
    expect(doc.components.schemas.DcatCatalog.required).toContain("superThemeTaxonomy");
  });

  it("documents the batches: 202 or the 200 quote, the required key, the limit error and the result files", async () => {
    const doc = (await call(GET, "/v1/openapi.json")).body;
    const create = doc.paths["/v1/batches"].post;
    expect(Object.keys(create.responses).sort()).toEqual(["200", "202", "400", "401", "403", "409", "429", "500"]);
    expect(create.responses["202"].content["application/json"].schema.$ref).toBe("#/components/schemas/BatchCreated");
    expect(create.responses["202"].headers["Idempotent-Replayed"]).toBeDefined();
    expect(create.responses["200"].content["application/json"].schema.$ref).toBe("#/components/schemas/BatchQuote");
    expect(create.responses["400"].description).toContain("idempotency_key_requerido");
    expect(doc.components.schemas.LoteDemasiadoGrandeError.required.sort()).toEqual(["error", "limite", "message", "recibidos"]);
    const results = doc.paths["/v1/batches/{id}/results"].get;
    expect(Object.keys(results.responses["200"].content).sort()).toEqual([
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "application/x-ndjson",
      "text/csv",
    ]);
    expect(doc.paths["/v1/batches/{id}"].get.responses["404"]).toBeDefined();
    expect(doc.components.schemas.Batch.required).toEqual(expect.arrayContaining(["estado", "procesados", "sin_saldo", "costo_unidades", "terminado_en"]));
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
