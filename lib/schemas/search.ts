import { z } from "zod";

/** Shortest and longest name query: fewer than 3 letters has no trigram to match; past 100 is not a name. */
export const SEARCH_MIN = 3;
export const SEARCH_MAX = 100;
/** Spec of issue 19: at most 20 results. */
export const SEARCH_LIMIT = 20;

const SEARCH_TEXT = "Escribí al menos tres letras o números seguidos del nombre (hasta 100 caracteres).";

/** The query of GET /v1/search: `q`, trimmed, with three letters or digits in a row. */
export const searchQuerySchema = z.object({
  q: z
    .string({ error: SEARCH_TEXT })
    .trim()
    .min(SEARCH_MIN, { error: SEARCH_TEXT })
    .max(SEARCH_MAX, { error: SEARCH_TEXT })
    .refine((q) => /[\p{L}\p{N}]{3}/u.test(q.normalize("NFC")), { error: SEARCH_TEXT })
    .meta({
      description: `Part of the name, ${SEARCH_MIN} to ${SEARCH_MAX} characters with at least three letters or digits in a row.`,
      example: "acme sa",
    }),
});

export const searchResultSchema = z
  .strictObject({
    cuit: z.string().describe("CUIT or CUIL, 11 digits.").meta({ example: "30500010912" }),
    denominacion: z.string().describe("Name as the padrón writes it."),
    tipo_persona: z.enum(["FISICA", "JURIDICA"]).nullable().describe("Person (`FISICA`) or entity (`JURIDICA`); null when the padrón says something else."),
    provincia: z.string().nullable().describe("Province of the fiscal address, when the padrón has it."),
  })
  .meta({ id: "SearchResult", description: "A taxpayer of the ARCA padrón whose name matches the query. Public registry data only." });

export const searchResponseSchema = z
  .strictObject({
    q: z.string().describe("The query as searched (trimmed)."),
    items: z.array(searchResultSchema).max(SEARCH_LIMIT).describe("Best match first; at most 20. Empty when nothing matches."),
  })
  .meta({ id: "SearchResponse", description: "Taxpayers found by name. Searching is free: it spends no units." });

export type SearchResult = z.infer<typeof searchResultSchema>;
export type SearchResponse = z.infer<typeof searchResponseSchema>;
