import { apiRoute } from "@/lib/http/api-route";
import { serveLocalObject } from "@/lib/storage/serve-local";

// GET /files/{key} – a snapshot file of the local store, behind its signed link (exp, sig)
export const GET = apiRoute<{ key: string[] }>({ auth: "public" }, ({ req, params }) => serveLocalObject(req, params.key));

// HEAD /files/{key} – the same headers without the body, for clients that size the file first
export const HEAD = GET;
