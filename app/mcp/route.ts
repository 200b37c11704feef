import { apiRoute } from "@/lib/http/api-route";
import { DomainError } from "@/lib/errors";
import { HttpError, renderError } from "@/lib/http/errors";
import { handleMcpRequest } from "@/lib/mcp/server";

/** MCP clients authenticate with an API key; a session cookie is not a key. */
const KEY_REQUIRED = "Se requiere una clave de API válida en Authorization: Bearer.";

// POST /mcp – the MCP server (Streamable HTTP, stateless), behind the API's key, gates and rate limits
export const POST = apiRoute({ auth: "required" }, async ({ req, db, caller, requestId }) => {
  if (caller.kind !== "key") throw new DomainError("unauthenticated", { text: KEY_REQUIRED });
  return handleMcpRequest({ req, db, caller, requestId });
});

/** No server-initiated stream and no session to end: MCP clients take 405 on GET and DELETE as "not offered". */
const notAllowed = () => Promise.resolve(renderError(new HttpError("method_not_allowed", { headers: { Allow: "POST, OPTIONS" } })));

export const GET = notAllowed;
export const DELETE = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
