import { describe, expect, it, vi } from "vitest";
import { openApiDocument } from "@/lib/openapi/document";
import { planTierSchema } from "@/lib/schemas/billing";
import { ERROR_SCHEMAS } from "@/lib/schemas/errors";

type Json = Record<string, any>;

/** Every `$ref` of a document, wherever it is. */
function refsOf(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(refsOf);
  if (!node || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([k, v]) => (k === "$ref" && typeof v === "string" ? [v] : refsOf(v)));
}

describe("the OpenAPI document's components", () => {
  it("publishes every schema an operation uses under its id, and every reference resolves", () => {
    const doc: Json = openApiDocument("http://components.test");
    const schemas = doc.components.schemas as Json;
    for (const id of ["PlanTier", "PricesResponse", "ReportPostBody", "Sections", "DatasetNotFound", "SnapshotFormat"]) {
      expect(schemas[id], id).toBeDefined();
    }
    for (const code of Object.keys(ERROR_SCHEMAS)) expect(Object.keys(schemas)).toContain(`${code.replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase())}Error`);
    expect(Object.keys(schemas)).not.toContain("__shared");
    for (const ref of refsOf(doc)) {
      const [, section, name] = /^#\/components\/(schemas|headers)\/(.+)$/.exec(ref) ?? [];
      expect(doc.components[section]?.[name], ref).toBeDefined();
    }
  });

  it("builds the same document after another bundle registers its own copies of the schemas under the same ids", async () => {
    const before = structuredClone(openApiDocument("http://bundle.test"));
    // What the server actions' bundle does in a production server: evaluate lib/schemas/billing a second time,
    // which registers a second PlanTier (and PricesResponse...) in zod's process-wide registry.
    vi.resetModules();
    const secondBundle = await import("@/lib/schemas/billing");
    expect(secondBundle.planTierSchema).not.toBe(planTierSchema);
    expect(secondBundle.planTierSchema.meta()?.id).toBe(planTierSchema.meta()?.id);

    expect(openApiDocument("http://bundle.test/after")).toEqual({ ...before, servers: [{ url: "http://bundle.test/after" }] });
  });
});
