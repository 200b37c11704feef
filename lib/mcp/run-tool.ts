import type { CallToolResult, ResourceLink } from "@modelcontextprotocol/sdk/types.js";
import type { PolicyName } from "@/lib/ratelimit";
import { refusalOf, spend, type McpContext } from "./context";
import type { McpQuota } from "./schemas";

/** What a tool hands back: the data (its output schema's shape), a short Spanish summary, and links to resources. */
export interface ToolOutput<T> {
  data: T;
  text: string;
  links?: ResourceLink[];
}

/**
 * Runs one tool call: pays its rate limits and quota (`spend`), then the work. Whatever is refused or fails comes
 * back as a tool error in Spanish (`isError`), which the assistant reads and can act on, never as a protocol error.
 * An error carries no structured content: a client checks any it gets against the tool's output schema.
 */
export async function runTool<T extends Record<string, unknown>>(
  ctx: McpContext,
  policy: PolicyName,
  work: (quota: McpQuota) => Promise<ToolOutput<T>>,
): Promise<CallToolResult> {
  try {
    const out = await work(await spend(ctx, policy));
    return { content: [{ type: "text", text: out.text }, ...(out.links ?? [])], structuredContent: out.data };
  } catch (err) {
    return { content: [{ type: "text", text: refusalOf(err, ctx).message }], isError: true };
  }
}
