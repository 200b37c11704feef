import { z } from "zod";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).describe("YYYY-MM-DD");
const nullableDay = day.nullable();

export const sectionStatusSchema = z.enum(["ok", "parcial", "no_disponible"]).meta({
  id: "SectionStatus",
  description:
    "`ok`: the source answered for this CUIT (an authoritative empty list counts once some source knows the CUIT). " +
    "`parcial`: it answered with some fields missing. `no_disponible`: it failed, timed out or does not know the CUIT.",
});

export const sectionFieldSchema = z
  .strictObject({
    label: z.string(),
    value: z.string().nullable(),
    fuente_dataset_id: z.string().describe("Catalog dataset the value comes from."),
    snapshot_date: day.describe("Date of that dataset's snapshot, YYYY-MM-DD."),
  })
  .meta({
    id: "SectionField",
    description: "One labelled value of a section, with its provenance.",
    example: { label: "Peor situación", value: "1 - Normal", fuente_dataset_id: "ar-bcra-central-deudores", snapshot_date: "2026-10-31" },
  });

const sectionShape = {
  title: z.string(),
  fields: z.array(sectionFieldSchema).describe("May be empty."),
  source: z.string().describe("Identifier of the source dataset (a catalog dataset id)."),
  snapshot_date: day.describe("Date of the source snapshot the section was built from."),
  status: sectionStatusSchema,
  error_reason: z.string().optional().describe("Why the section is not available or is incomplete."),
};

export const sectionSchema = z.strictObject(sectionShape).meta({
  id: "Section",
  description: "One section of a report, built from one source dataset.",
});

export const entidadSchema = z
  .strictObject({
    entidad_codigo: z.string(),
    entidad: z.string(),
    periodo: z.string().describe("AAAAMM of the information."),
    situacion: z.number().int().min(1).max(6),
    situacion_descripcion: z.string(),
    monto_miles_pesos: z.number().describe("In thousands of pesos, as BCRA publishes it."),
    dias_atraso: z.number().int().nullable(),
    refinanciaciones: z.boolean().nullable(),
    recategorizacion_obligatoria: z.boolean().nullable(),
    situacion_juridica: z.boolean().nullable(),
    irrecuperable_disposicion_tecnica: z.boolean().nullable(),
    proceso_judicial: z.boolean().nullable(),
    en_revision: z.boolean().nullable().optional().describe("The debtor asked for a review of the information (Ley 25.326)."),
    fecha_sit1: nullableDay.optional().describe("Since when the debtor is in situación 1, when the entity reports it."),
  })
  .meta({ id: "CrediticioEntidad", description: "One financial entity's report on the debtor (BCRA Central de Deudores)." });

export const comexActividadSchema = z
  .strictObject({
    anio: z.number().int(),
    rol: z.enum(["IMPORTADOR", "EXPORTADOR"]),
    operaciones: z.number().int(),
    monto_fob_usd: z.number(),
    capitulos_ncm: z.array(z.string()).nullable(),
    paises_principales: z.array(z.string()).nullable(),
  })
  .meta({ id: "ComexActividad", description: "Foreign-trade activity of one year and role." });

export const comexBlockSchema = z
  .strictObject({
    es_importador: z.boolean(),
    es_exportador: z.boolean(),
    ultimo_anio: z.number().int().nullable(),
    actividad: z.array(comexActividadSchema),
  })
  .meta({ id: "ComexResumen", description: "Importer/exporter status; empty `actividad` when none is registered." });

export const riesgoFiscalListaSchema = z
  .strictObject({
    lista: z.string(),
    fecha_publicacion: nullableDay,
    detalle: z.string().nullable(),
    monto_adeudado: z.number().nullable(),
    fecha_condicion: nullableDay.optional().describe("Date the condition started (APOC: invoices declared apócrifas)."),
  })
  .meta({ id: "RiesgoFiscalLista", description: "One fiscal-risk listing." });

export const riesgoFiscalBlockSchema = z
  .strictObject({ en_listas: z.boolean(), listas: z.array(riesgoFiscalListaSchema) })
  .meta({ id: "RiesgoFiscalResumen" });

export const marcaSchema = z
  .strictObject({
    acta: z.string(),
    denominacion: z.string(),
    clase_niza: z.number().int().min(1).max(45),
    titular: z.string(),
    tipo_marca: z.string().nullable(),
    estado: z.string(),
    fecha_solicitud: nullableDay,
    fecha_vencimiento: nullableDay,
  })
  .meta({ id: "Marca", description: "An INPI trademark held by the CUIT." });

export const concursoSchema = z
  .strictObject({
    tipo_proceso: z.string(),
    juzgado: z.string(),
    secretaria: z.string().nullable(),
    expediente: z.string().nullable(),
    fecha_apertura: day,
    sindico: z.string().nullable(),
    estado: z.string().nullable(),
    jurisdiccion: z.string().nullable(),
    monto_pasivo: z.number().nullable(),
  })
  .meta({ id: "Concurso", description: "A bankruptcy or reorganisation proceeding." });

/** Spec 2.4: these sections carry an extra block, null when the source could not say. */
const withBlock = <K extends string, S extends z.ZodType>(id: string, key: K, block: S) =>
  z.strictObject({ ...sectionShape, [key]: block.nullable().optional() } as typeof sectionShape & Record<K, z.ZodOptional<z.ZodNullable<S>>>).meta({ id });

export const crediticioSectionSchema = withBlock("CrediticioSection", "entidades", z.array(entidadSchema));
export const comexSectionSchema = withBlock("ComexSection", "comex", comexBlockSchema);
export const riesgoFiscalSectionSchema = withBlock("RiesgoFiscalSection", "riesgoFiscal", riesgoFiscalBlockSchema);
export const marcasSectionSchema = withBlock("MarcasSection", "marcas", z.array(marcaSchema));
export const concursosSectionSchema = withBlock("ConcursosSection", "concursos", z.array(concursoSchema));

export const sectionsSchema = z
  .strictObject({
    identidad: sectionSchema.optional(),
    crediticio: crediticioSectionSchema.optional(),
    cheques: sectionSchema.optional(),
    screening: sectionSchema.optional(),
    comex: comexSectionSchema.optional(),
    riesgoFiscal: riesgoFiscalSectionSchema.optional(),
    marcas: marcasSectionSchema.optional(),
    concursos: concursosSectionSchema.optional(),
  })
  .meta({
    id: "Sections",
    description: "The report's sections by key. Only sections that resolved are guaranteed present.",
  });

export type SectionStatus = z.infer<typeof sectionStatusSchema>;
export type SectionField = z.infer<typeof sectionFieldSchema>;
export type Section = z.infer<typeof sectionSchema>;
export type Sections = z.infer<typeof sectionsSchema>;
export type Entidad = z.infer<typeof entidadSchema>;
export type ComexBlock = z.infer<typeof comexBlockSchema>;
export type RiesgoFiscalBlock = z.infer<typeof riesgoFiscalBlockSchema>;
export type Marca = z.infer<typeof marcaSchema>;
export type Concurso = z.infer<typeof concursoSchema>;
