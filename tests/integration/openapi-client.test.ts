import fs from "node:fs";
import createClient from "openapi-fetch";
import { describe, expect, it } from "vitest";
import { CLIENT_TYPES_FILE, clientTypes } from "@/scripts/generate-client-types";
import { newAccount } from "../helpers/accounts";
import { appFetch } from "../helpers/app-fetch";
import { demoCuits } from "../helpers/demo";
import type { paths } from "../fixtures/generated/openapi";

/** A client generated from the document (openapi-typescript + openapi-fetch), driving the app's handlers. */
function client(key?: string) {
  return createClient<paths>({
    baseUrl: "http://localhost:3000",
    fetch: appFetch,
    headers: key ? { Authorization: `Bearer ${key}` } : {},
  });
}

describe("typed client generated from the OpenAPI document", () => {
  it("is generated from the current document (regenerate with `npx tsx scripts/generate-client-types.ts`)", async () => {
    expect(fs.readFileSync(CLIENT_TYPES_FILE, "utf8")).toBe(await clientTypes());
  });

  it("calls the public operations", async () => {
    const api = client();
    const prices = await api.GET("/v1/prices");
    expect(prices.response.status).toBe(200);
    expect(prices.data?.plans.map((p) => p.plan_tier)).toContain("ultimate");
    const datasets = await api.GET("/v1/datasets");
    expect(datasets.data?.count).toBe(datasets.data?.datasets.length);
    const first = datasets.data!.datasets[0];
    const detail = await api.GET("/v1/datasets/{id}", { params: { path: { id: first.dataset_id } } });
    expect(detail.data?.dataset_id).toBe(first.dataset_id);
    const missing = await api.GET("/v1/datasets/{id}", { params: { path: { id: "no-such-dataset" } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error).toEqual({ error: "dataset_not_found", dataset_id: "no-such-dataset" });
  });

  it("quotes, generates, replays, lists and fetches a report, and reads the balance", async () => {
    const account = await newAccount();
    const api = client(account.key);
    const { ok } = await demoCuits();
    const quote = await api.GET("/v1/reports/quote", { params: { query: { cuit: ok[0] } } });
    expect(quote.data).toMatchObject({ tipo_accion_estimado: "nuevo", costo_maximo_unidades: 200, alcanza: true });
    const key = crypto.randomUUID();
    const made = await api.POST("/v1/reports", { body: { cuit: ok[0] }, params: { header: { "Idempotency-Key": key } } });
    expect(made.data).toMatchObject({ cuit: ok[0], tipo_accion: "nuevo", costo_unidades: 200, cache_hit: false });
    const again = await api.POST("/v1/reports", { body: { cuit: ok[0] }, params: { header: { "Idempotency-Key": key } } });
    expect(again.data?.cache_hit).toBe(true);
    expect(again.response.headers.get("Idempotent-Replayed")).toBe("true");
    const listed = await api.GET("/v1/reports", { params: { query: { limit: 5 } } });
    expect(listed.data?.items.map((i) => i.id)).toEqual([made.data!.informe_id]);
    const fetched = await api.GET("/v1/reports/{id}", { params: { path: { id: made.data!.informe_id! } } });
    expect(fetched.data?.informe_id).toBe(made.data!.informe_id);
    const balance = await api.GET("/v1/balance");
    expect(balance.data?.cupo.unidades_usadas).toBe(200);
    const bad = await api.POST("/v1/reports", { body: { cuit: "20123456780" } });
    expect(bad.response.status).toBe(400);
    expect(bad.error).toMatchObject({ error: "cuit_invalido", reason: "digito_verificador" });
  });

  it("quotes, creates, reads, lists, cancels a batch and downloads its results", async () => {
    const account = await newAccount();
    const api = client(account.key);
    const { ok } = await demoCuits();
    const quote = await api.POST("/v1/batches", { body: { cuits: [ok[0], ok[1], "x"], solo_cotizar: true } });
    expect(quote.response.status).toBe(200);
    expect(quote.data).toMatchObject({ nuevos: 2, invalidos: 1, costo_maximo_unidades: 400 });
    const key = crypto.randomUUID();
    const created = await api.POST("/v1/batches", { body: { cuits: [ok[0], ok[1], "x"] }, params: { header: { "Idempotency-Key": key } } });
    expect(created.response.status).toBe(202);
    const id = (created.data as { lote_id: string }).lote_id;
    const cancelled = await api.POST("/v1/batches/{id}/cancel", { params: { path: { id } } });
    expect(cancelled.data?.estado).toBe("cancelado");
    const batch = await api.GET("/v1/batches/{id}", { params: { path: { id } } });
    expect(batch.data).toMatchObject({ lote_id: id, total: 3, invalidos: 1 });
    const items = await api.GET("/v1/batches/{id}/items", { params: { path: { id }, query: { limit: 2 } } });
    expect(items.data?.items.map((i) => i.posicion)).toEqual([1, 2]);
    expect(items.data?.has_more).toBe(true);
    const listed = await api.GET("/v1/batches");
    expect(listed.data?.items.map((b) => b.lote_id)).toEqual([id]);
    const results = await api.GET("/v1/batches/{id}/results", { params: { path: { id }, query: { formato: "csv" } }, parseAs: "text" });
    expect(results.data?.trim().split("\r\n")).toHaveLength(4);
    const missing = await api.GET("/v1/batches/{id}", { params: { path: { id: "lot_missing" } } });
    expect(missing.error).toMatchObject({ error: "not_found" });
  });
});
