import { z } from "zod";

export type ComponentRegistry = z.core.$ZodRegistry<z.core.GlobalMeta>;

/**
 * The document's own registry: every schema reachable from `roots`, with the metadata it was declared with
 * (`.meta()`, `.describe()`). Those with an `id` are the document's components.
 *
 * Why not `z.globalRegistry`: it is process-wide, and each Next bundle that imports lib/schemas (routes, server
 * actions, the boot) registers its own copy of every schema under the same ids, so converting it fails with
 * "Duplicate schema id". Here only the instances the operations hold are listed, so a schema is published by
 * using it in an operation, and another bundle's copy is never seen.
 */
export function componentRegistry(roots: z.core.$ZodType[]): ComponentRegistry {
  const found: [z.core.$ZodType, z.core.GlobalMeta][] = [];
  const seen = new Set<z.core.$ZodType>();
  const visit = (schema: z.core.$ZodType) => {
    if (seen.has(schema)) return;
    seen.add(schema);
    const meta = z.globalRegistry.get(schema);
    if (meta) found.push([schema, meta]);
    // A refined or described copy inherits its parent's metadata, which zod reads from the parent itself.
    if (schema._zod.parent) visit(schema._zod.parent);
    const def = schema._zod.def as unknown as Record<string, unknown>;
    if (def.type === "lazy") visit((def.getter as () => z.core.$ZodType)());
    for (const [key, value] of Object.entries(def)) if (key !== "checks") children(value).forEach(visit);
  };
  roots.forEach(visit);
  // Components in the order of their names, whatever the order of the operations or of module evaluation.
  found.sort(([, a], [, b]) => (a.id ?? "").localeCompare(b.id ?? ""));
  const registry: ComponentRegistry = z.registry<z.core.GlobalMeta>();
  for (const [schema, meta] of found) registry.add(schema, meta);
  return registry;
}

/** The schemas inside one field of a def: the field itself, the items of a list (options), the values of a shape. */
function children(value: unknown): z.core.$ZodType[] {
  if (isSchema(value)) return [value];
  if (Array.isArray(value)) return value.filter(isSchema);
  if (value && typeof value === "object") return Object.values(value).filter(isSchema);
  return [];
}

const isSchema = (value: unknown): value is z.core.$ZodType =>
  typeof value === "object" && value !== null && "_zod" in value && typeof (value as z.core.$ZodType)._zod.def === "object";
