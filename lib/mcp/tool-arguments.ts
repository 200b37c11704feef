import { z } from "zod";
import { TOOL_DEFINITIONS, type ToolName } from "./tool-definitions";

export interface ToolArgument {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

const TYPE_NAMES: Record<string, string> = { string: "texto", integer: "entero", number: "número", boolean: "sí/no" };

interface JsonProperty {
  type?: string;
  description?: string;
}

/** A tool's arguments in words, read off the same JSON Schema `tools/list` sends, for the docs page. */
export function toolArguments(name: ToolName): ToolArgument[] {
  const schema = z.toJSONSchema(TOOL_DEFINITIONS[name].inputSchema, { io: "input" }) as {
    properties?: Record<string, JsonProperty>;
    required?: string[];
  };
  return Object.entries(schema.properties ?? {}).map(([arg, p]) => ({
    name: arg,
    type: TYPE_NAMES[p.type ?? ""] ?? p.type ?? "valor",
    required: schema.required?.includes(arg) ?? false,
    description: p.description ?? "",
  }));
}

export const TOOL_NAMES = Object.keys(TOOL_DEFINITIONS) as ToolName[];
