import { z } from "zod";

/**
 * The catalog as harvesters read it: DCAT, in the national metadata profile 1.2 (over DCAT-AP) that datos.gob.ar
 * publishes and `datosgobar/pydatajson` validates. Field names are the profile's, not ours.
 */

/** The profile's global themes (datos.gob.ar/superThemeTaxonomy.json). */
export const SUPER_THEMES = ["AGRI", "ECON", "EDUC", "ENER", "ENVI", "GOVE", "HEAL", "INTR", "JUST", "REGI", "SOCI", "TECH", "TRAN"] as const;

const dateOrDatetime = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

export const dcatFieldSchema = z
  .strictObject({
    title: z.string().max(60),
    type: z.enum(["string", "integer", "number", "boolean", "date", "date-time", "json"]),
    description: z.string().nullable(),
  })
  .meta({ id: "DcatField", description: "A column of a distribution." });

export const dcatDistributionSchema = z
  .strictObject({
    identifier: z.string().min(1),
    title: z.string().min(1),
    description: z.string().nullable(),
    accessURL: z.url().describe("The dataset's public detail (GET /v1/datasets/{id})."),
    downloadURL: z.url().describe("The download endpoint (GET /v1/datasets/{id}/snapshot, redirecting to a signed link; needs a key)."),
    format: z.string(),
    mediaType: z.string(),
    fileName: z.string().min(1),
    byteSize: z.number().int().min(0),
    issued: dateOrDatetime,
    modified: dateOrDatetime,
    license: z.string().nullable(),
    field: z.array(dcatFieldSchema),
  })
  .meta({ id: "DcatDistribution", description: "One file of the current snapshot." });

export const dcatDatasetSchema = z
  .strictObject({
    identifier: z.string(),
    title: z.string().min(1).max(100),
    description: z.string().min(1),
    publisher: z.strictObject({ name: z.string().min(1) }),
    superTheme: z.array(z.enum(SUPER_THEMES)).min(1),
    keyword: z.array(z.string().regex(/^[0-9a-zA-Z-._]+$/)),
    accrualPeriodicity: z.string().regex(/^(R\/P\d+(\.\d+)?[YMWD]|R\/PT\d+(\.\d+)?[HMS]|eventual)$/),
    issued: dateOrDatetime,
    modified: dateOrDatetime.nullable(),
    landingPage: z.url(),
    language: z.array(z.string()),
    spatial: z.string().nullable(),
    license: z.string().nullable(),
    distribution: z.array(dcatDistributionSchema),
  })
  .meta({ id: "DcatDataset" });

export const dcatCatalogSchema = z
  .strictObject({
    title: z.string().min(1),
    description: z.string().min(1),
    publisher: z.strictObject({ name: z.string().min(1), mbox: z.email() }),
    superThemeTaxonomy: z.url(),
    homepage: z.url(),
    language: z.array(z.string()),
    issued: dateOrDatetime.nullable(),
    modified: dateOrDatetime.nullable(),
    dataset: z.array(dcatDatasetSchema),
  })
  .meta({ id: "DcatCatalog", description: "data.json: the public catalog in the DCAT profile of datos.gob.ar (national profile 1.2)." });

export type DcatCatalog = z.infer<typeof dcatCatalogSchema>;
export type DcatDataset = z.infer<typeof dcatDatasetSchema>;
export type DcatDistribution = z.infer<typeof dcatDistributionSchema>;
export type DcatField = z.infer<typeof dcatFieldSchema>;
