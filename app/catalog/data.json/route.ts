import { appOrigin } from "@/lib/auth/origin";
import { dcatCatalog } from "@/lib/catalog/dcat";
import { apiRoute, json } from "@/lib/http/api-route";
import { otherMethods } from "@/lib/http/api-guard";

// GET /catalog/data.json – the public catalog in the DCAT profile of datos.gob.ar, for harvesters (public)
export const GET = apiRoute({ auth: "public", limit: "catalog" }, async ({ req, db }) => json(await dcatCatalog(db, appOrigin(req))));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("/catalog/data.json");
