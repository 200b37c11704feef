import { describe, expect, it } from "vitest";
import { searchDatasets } from "@/lib/mcp/dataset-search";
import type { DatasetSummary } from "@/lib/schemas/catalog";

const dataset = (id: string, name: string, extra: Partial<DatasetSummary> = {}): DatasetSummary => ({
  dataset_id: id,
  name,
  description: null,
  source: { id: "bcra", name: "Banco Central de la República Argentina" },
  frequency: "mensual",
  tags: null,
  country: "AR",
  detail_url: `https://legajo.example.com/v1/datasets/${id}`,
  ...extra,
});

const catalog = {
  count: 3,
  datasets: [
    dataset("bcra-central-deudores", "Central de Deudores", { tags: ["crédito", "deudores"] }),
    dataset("bcra-cheques-rechazados", "Cheques rechazados", { description: "Cheques rechazados por falta de fondos." }),
    dataset("inpi-marcas", "Marcas registradas", { source: { id: "inpi", name: "Instituto Nacional de la Propiedad Industrial" } }),
  ],
};

const ids = (text: string | undefined) => searchDatasets(catalog, text).datasets.map((d) => d.dataset_id);

describe("buscar_datasets: searching the visible catalog by words", () => {
  it("lists the whole visible catalog without text, or with only spaces", () => {
    expect(searchDatasets(catalog, undefined)).toEqual(catalog);
    expect(searchDatasets(catalog, "   ")).toEqual(catalog);
  });

  it("matches the id, name, description, tags and source, ignoring case and accents", () => {
    expect(ids("CREDITO")).toEqual(["bcra-central-deudores"]);
    expect(ids("fondos")).toEqual(["bcra-cheques-rechazados"]);
    expect(ids("propiedad")).toEqual(["inpi-marcas"]);
    expect(ids("república")).toEqual(["bcra-central-deudores", "bcra-cheques-rechazados"]);
  });

  it("needs every word to match, and counts what it returns", () => {
    expect(ids("bcra cheques")).toEqual(["bcra-cheques-rechazados"]);
    expect(searchDatasets(catalog, "bcra marcas")).toEqual({ count: 0, datasets: [] });
  });
});
