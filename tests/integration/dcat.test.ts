import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as dataJson } from "@/app/catalog/data.json/route";
import { GET as snapshot } from "@/app/v1/datasets/[id]/snapshot/route";
import { getDb } from "@/db/client";
import { publishDataset } from "@/lib/catalog/publish";
import { dcatCatalogSchema, type DcatCatalog } from "@/lib/schemas/dcat";
import { newAccount } from "../helpers/accounts";
import { defineDataset, loadCrediticio, testId, uniqueOldDay } from "../helpers/catalog";
import { bearer, call } from "../helpers/http";

/**
 * The required fields and types of the national metadata profile 1.2 (datos.gob.ar over DCAT-AP), as
 * `datosgobar/pydatajson` checks them (schemas/catalog.json, dataset.json, distribution.json, field.json and
 * mixed-types.json), written out here independently of the app's own schema.
 */
const nonEmpty = { type: "string", minLength: 1 };
const dateOrDatetime = { anyOf: [{ type: "string", format: "date" }, { type: "string", format: "date-time" }] };
const stringOrNull = { anyOf: [{ type: "string" }, { type: "null" }] };
const SUPER_THEMES = ["AGRI", "ECON", "EDUC", "ENER", "ENVI", "GOVE", "HEAL", "INTR", "JUST", "REGI", "SOCI", "TECH", "TRAN"];
const PROFILE = {
  type: "object",
  required: ["dataset", "title", "description", "publisher", "superThemeTaxonomy"],
  properties: {
    title: nonEmpty,
    description: nonEmpty,
    publisher: { type: "object", required: ["name", "mbox"], properties: { name: nonEmpty, mbox: { type: "string", format: "email" } } },
    superThemeTaxonomy: { type: "string", format: "uri" },
    dataset: {
      type: "array",
      items: {
        type: "object",
        required: ["title", "description", "publisher", "superTheme", "distribution", "accrualPeriodicity", "issued"],
        properties: {
          title: { allOf: [nonEmpty, { maxLength: 100 }] },
          description: nonEmpty,
          publisher: { type: "object", required: ["name"], properties: { name: nonEmpty } },
          superTheme: { type: "array", minItems: 1, items: { enum: [...SUPER_THEMES, ...SUPER_THEMES.map((t) => t.toLowerCase())] } },
          accrualPeriodicity: {
            anyOf: [
              { type: "string", pattern: "^R/P\\d+(\\.\\d+)?[Y|M|W|D]$" },
              { type: "string", pattern: "^R/PT\\d+(\\.\\d+)?[H|M|S]$" },
              { type: "string", pattern: "^(eventual|EVENTUAL)$" },
            ],
          },
          issued: dateOrDatetime,
          keyword: { type: "array", items: { type: "string", pattern: "^[0-9a-zA-Z-._]+$" } },
          landingPage: { type: "string", format: "uri" },
          distribution: {
            type: "array",
            items: {
              type: "object",
              required: ["accessURL", "downloadURL", "title", "issued", "identifier"],
              properties: {
                identifier: nonEmpty,
                accessURL: { type: "string", format: "uri" },
                downloadURL: { type: "string", format: "uri" },
                title: nonEmpty,
                issued: dateOrDatetime,
                byteSize: { type: "integer" },
                field: {
                  type: "array",
                  items: { type: "object", properties: { title: { anyOf: [{ type: "string", maxLength: 60 }, { type: "null" }] }, type: stringOrNull, description: stringOrNull } },
                },
              },
            },
          },
        },
      },
    },
  },
};

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validateProfile = ajv.compile(PROFILE);

const day = uniqueOldDay();
const ids = { public: testId("dcat"), hidden: testId("dcat-adm"), pro: testId("dcat-pro"), unpublished: testId("dcat-unpub"), empty: testId("dcat-empty") };
let catalog: DcatCatalog;

beforeAll(async () => {
  await defineDataset({ id: ids.public, name: `Central de Deudores ${"(prueba de un nombre muy largo) ".repeat(4)}` });
  await defineDataset({ id: ids.hidden, visibility: "admin_only" });
  await defineDataset({ id: ids.pro, min_tier: "pro" });
  await defineDataset({ id: ids.unpublished, published: false });
  await defineDataset({ id: ids.empty, engine_source: null });
  await loadCrediticio(day, 10);
  for (const id of [ids.public, ids.hidden, ids.pro, ids.unpublished]) await publishDataset(await getDb(), id, { snapshotDate: day });
  const res = await call(dataJson, "/catalog/data.json", { headers: { host: "datos.legajo.example" } });
  expect(res.status).toBe(200);
  catalog = res.body as DcatCatalog;
});

const entry = (id: string) => catalog.dataset.find((d) => d.identifier === id);

describe("GET /catalog/data.json", () => {
  it("validates against the required fields and types of the datos.gob.ar profile", () => {
    const valid = validateProfile(catalog);
    expect(validateProfile.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    dcatCatalogSchema.parse(catalog);
    expect(catalog.superThemeTaxonomy).toBe("http://datos.gob.ar/superThemeTaxonomy.json");
  });

  it("publishes the public catalog only: what an anonymous caller may see", () => {
    expect(entry(ids.public)).toBeDefined();
    expect(entry(ids.empty)).toBeDefined();
    for (const id of [ids.hidden, ids.pro, ids.unpublished]) expect(entry(id)).toBeUndefined();
  });

  it("gives each file of the current snapshot a distribution pointing at the public detail and the download endpoint", async () => {
    const d = entry(ids.public)!;
    expect(d.title.length).toBeLessThanOrEqual(100);
    expect(d.accrualPeriodicity).toBe("R/P1M");
    expect(d.keyword).toContain("credito");
    expect(d.landingPage).toBe(`http://datos.legajo.example/datasets/${ids.public}`);
    expect(d.distribution.map((x) => x.format).sort()).toEqual(["CSV", "Parquet"]);
    for (const dist of d.distribution) {
      expect(dist.accessURL).toBe(`http://datos.legajo.example/v1/datasets/${ids.public}`);
      expect(dist.field.map((f) => f.title)).toContain("monto");
      expect(dist.field.find((f) => f.title === "monto")?.type).toBe("number");
      // The download URL is the API's endpoint: with an eligible key, a redirect to the file.
      const url = new URL(dist.downloadURL);
      expect(url.pathname).toBe(`/v1/datasets/${ids.public}/snapshot`);
      const ultimate = await newAccount({ plan: "ultimate" });
      const res = await call(snapshot, `${url.pathname}${url.search}`, { headers: bearer(ultimate.key), params: { id: ids.public } });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toContain(dist.fileName);
    }
    expect(entry(ids.empty)!.distribution).toEqual([]);
  });

  it("is public, with no key or session", async () => {
    const res = await call(dataJson, "/catalog/data.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
  });
});
