import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/** The eight engine sources, named after the report section each one feeds. */
export const sourceNameEnum = pgEnum("source_name", [
  "identidad",
  "crediticio",
  "cheques",
  "screening",
  "comex",
  "riesgoFiscal",
  "marcas",
  "concursos",
]);

/**
 * One row per import. Every source row carries its snapshot id. A source may be fed by several feeds (one per
 * sanctions list, the two padrones, ...): the engine reads the newest snapshot of each feed of a source (greatest
 * snapshot_date, then id) and combines them, so an import becomes visible atomically when its transaction commits
 * and replaces its own feed only. Our own CSV layout is the feed `legajo-csv` of every source.
 */
export const sourceSnapshots = pgTable(
  "source_snapshots",
  {
    id: serial().primaryKey(),
    source: sourceNameEnum().notNull(),
    feed: text().notNull().default("legajo-csv"),
    snapshotDate: date({ mode: "string" }).notNull(),
    rowCount: integer().notNull().default(0),
    fileName: text(),
    loadedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.source, t.feed, t.snapshotDate, t.id)],
);

/**
 * The snapshot a row belongs to. The source tables but src_screening are partitioned by it (db/migrations/0014):
 * the importer creates the snapshot's row and its partition in one transaction, and the partition bound admits no
 * other id, so there is no foreign key (attaching a partition under one would lock source_snapshots against every
 * concurrent import).
 */
const snapshotId = () => integer().notNull();

/**
 * AFIP/ARCA padrón: one row per taxpayer and feed. ARCA's condición tributaria file gives the tax codes; BCRA's
 * Padron_ARCA.txt the birth or incorporation date, sex, postcode, province and baja; the engine merges them.
 */
export const srcIdentidad = pgTable(
  "src_identidad",
  {
    snapshotId: snapshotId(),
    cuit: text().notNull(),
    denominacion: text().notNull(),
    tipoPersona: text().notNull(),
    estadoClave: text().notNull(),
    fechaInscripcion: date({ mode: "string" }),
    fechaContratoSocial: date({ mode: "string" }),
    formaJuridica: text(),
    actividadPrincipalCodigo: text(),
    actividadPrincipalDescripcion: text(),
    actividadesSecundarias: text(),
    impuestoGanancias: text(),
    impuestoIva: text(),
    monotributoCategoria: text(),
    empleador: boolean(),
    domicilioCalle: text(),
    domicilioLocalidad: text(),
    domicilioProvincia: text(),
    domicilioCodigoPostal: text(),
    integranteSociedades: boolean(),
    monotributoActividad: text(),
    sexo: text(),
    fechaNacimientoConstitucion: date({ mode: "string" }),
    fechaFallecimiento: date({ mode: "string" }),
    baja: boolean(),
    cuitReemplazo: text(),
  },
  (t) => [
    index("src_identidad_cuit_idx").on(t.cuit),
    // DNI lookup: persons' CUIL carries the DNI in digits 3-10.
    index("src_identidad_dni_idx").on(sql`substring(${t.cuit}, 3, 8)`),
  ],
);

/**
 * BCRA Central de Deudores: one row per (debtor, entidad, period); the newest period is the current one, older
 * ones are the history (which carries only situación, monto and two flags: the rest stays null). `monto` is in
 * thousands of pesos.
 */
export const srcCrediticio = pgTable(
  "src_crediticio",
  {
    snapshotId: snapshotId(),
    cuit: text().notNull(),
    denominacion: text(),
    periodo: text().notNull(),
    entidadCodigo: text().notNull(),
    entidadNombre: text().notNull(),
    situacion: smallint().notNull(),
    monto: numeric({ mode: "number" }).notNull(),
    diasAtraso: integer().default(0),
    refinanciaciones: boolean().default(false),
    recategorizacionObligatoria: boolean().default(false),
    situacionJuridica: boolean().default(false),
    irrecuperableDisposicionTecnica: boolean().default(false),
    procesoJudicial: boolean().default(false),
    enRevision: boolean(),
    fechaSit1: date({ mode: "string" }),
  },
  (t) => [index("src_crediticio_cuit_idx").on(t.cuit)],
);

/** BCRA cheques rechazados. `monto` in pesos. */
export const srcCheques = pgTable(
  "src_cheques",
  {
    snapshotId: snapshotId(),
    cuit: text().notNull(),
    numeroCheque: text().notNull(),
    fechaRechazo: date({ mode: "string" }).notNull(),
    monto: numeric({ mode: "number" }).notNull(),
    causal: text().notNull(),
    entidadCodigo: text(),
    entidadNombre: text(),
    fechaPago: date({ mode: "string" }),
    fechaPagoMulta: date({ mode: "string" }),
    estadoMulta: text(),
    ctaPersonal: boolean(),
    denominacionJuridica: text(),
    enRevision: boolean(),
    procesoJudicial: boolean(),
  },
  (t) => [index("src_cheques_cuit_idx").on(t.cuit)],
);

/**
 * Entries of the sanctions lists (UN consolidated, RePET, OFAC SDN; each list its own feed), not matches: most
 * entries carry no CUIT, so the engine matches a taxpayer against them at report time, by an exact CUIT, CUIL or DNI
 * document first and by name otherwise (lib/engine/sources/screening.ts). `claves_nombre` holds the normalized
 * name and aliases (lib/sources/formats/names.ts), `|` between variants; `claves_documento` the documents as
 * `CUIT:<11 digits>` and `DNI:<8 digits>`. Both are indexed as token arrays, and the expressions here must stay
 * the ones the engine's queries use.
 */
export const srcScreening = pgTable(
  "src_screening",
  {
    // One table for every list's snapshots (lib/sources/registry.ts says why), so a foreign key like any table's.
    snapshotId: integer()
      .notNull()
      .references(() => sourceSnapshots.id),
    /** The entry's CUIT or CUIL, when its documents carry a valid one. */
    cuit: text(),
    lista: text().notNull(),
    entryUid: text().notNull(),
    numeroReferencia: text(),
    nombre: text().notNull(),
    nombreNormalizado: text(),
    alias: text(),
    clavesNombre: text(),
    tipoEntrada: text().notNull(),
    programa: text(),
    fechaInclusion: date({ mode: "string" }),
    documentos: text(),
    clavesDocumento: text(),
    nacionalidad: text(),
    fechaNacimiento: text(),
    observaciones: text(),
  },
  (t) => [
    index("src_screening_snapshot_cuit_idx").on(t.snapshotId, t.cuit),
    // Without fastupdate, rows loaded in a transaction are in the index proper, not in a pending list that every
    // lookup would scan until the next vacuum.
    index("src_screening_nombre_tokens_idx")
      .using("gin", sql`string_to_array(replace(${t.clavesNombre}, '|', ' '), ' ')`)
      .with({ fastupdate: false }),
    index("src_screening_documento_idx").using("gin", sql`string_to_array(${t.clavesDocumento}, ' ')`).with({ fastupdate: false }),
  ],
);

/** Importers and exporters: one row per (CUIT, year, role). */
export const srcComex = pgTable(
  "src_comex",
  {
    snapshotId: snapshotId(),
    cuit: text().notNull(),
    denominacion: text(),
    anio: smallint().notNull(),
    rol: text().notNull(),
    operaciones: integer().notNull(),
    montoFobUsd: numeric({ mode: "number" }).notNull(),
    capitulosNcm: text(),
    paisesPrincipales: text(),
  },
  (t) => [index("src_comex_cuit_idx").on(t.cuit)],
);

/** Fiscal-risk lists (facturas apócrifas, REPSAL, deuda previsional...): one row per listing. */
export const srcRiesgoFiscal = pgTable(
  "src_riesgo_fiscal",
  {
    snapshotId: snapshotId(),
    cuit: text().notNull(),
    lista: text().notNull(),
    fechaPublicacion: date({ mode: "string" }),
    detalle: text(),
    montoAdeudado: numeric({ mode: "number" }),
    /** APOC: the date the invoices were declared apócrifas (`fecha_publicacion` is when ARCA published it). */
    fechaCondicion: date({ mode: "string" }),
  },
  (t) => [index("src_riesgo_fiscal_cuit_idx").on(t.cuit)],
);

/** INPI trademarks, by holder CUIT (the register names owners; the importer links them to the padrón by name). */
export const srcMarcas = pgTable(
  "src_marcas",
  {
    snapshotId: snapshotId(),
    cuit: text().notNull(),
    acta: text().notNull(),
    denominacion: text().notNull(),
    claseNiza: smallint().notNull(),
    titular: text().notNull(),
    tipoMarca: text(),
    estado: text().notNull(),
    fechaSolicitud: date({ mode: "string" }),
    fechaVencimiento: date({ mode: "string" }),
    numeroResolucion: text(),
  },
  (t) => [index("src_marcas_cuit_idx").on(t.cuit)],
);

/**
 * Concursos y quiebras: one row per proceeding (our CSV) or per Boletín Oficial notice (`aviso_id` and the date it
 * was published, with what the rules read in its text).
 */
export const srcConcursos = pgTable(
  "src_concursos",
  {
    snapshotId: snapshotId(),
    cuit: text().notNull(),
    denominacion: text().notNull(),
    tipoProceso: text().notNull(),
    juzgado: text().notNull(),
    secretaria: text(),
    expediente: text(),
    fechaApertura: date({ mode: "string" }).notNull(),
    sindico: text(),
    estado: text(),
    jurisdiccion: text(),
    montoPasivo: bigint({ mode: "number" }),
    avisoId: text(),
    fechaPublicacion: date({ mode: "string" }),
  },
  (t) => [index("src_concursos_cuit_idx").on(t.cuit)],
);

export type SourceName = (typeof sourceNameEnum.enumValues)[number];
export type SourceSnapshot = typeof sourceSnapshots.$inferSelect;

/** The table of each engine source: the one place that maps a source name to its rows. */
export const SOURCE_TABLES = {
  identidad: srcIdentidad,
  crediticio: srcCrediticio,
  cheques: srcCheques,
  screening: srcScreening,
  comex: srcComex,
  riesgoFiscal: srcRiesgoFiscal,
  marcas: srcMarcas,
  concursos: srcConcursos,
} as const satisfies Record<SourceName, unknown>;

export type SourceTable = (typeof SOURCE_TABLES)[SourceName];
