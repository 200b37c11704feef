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
 * One row per loaded file. Every source row carries its snapshot id; the engine reads the newest snapshot of each
 * source (greatest snapshot_date, then id), so a load becomes visible atomically when its transaction commits.
 */
export const sourceSnapshots = pgTable(
  "source_snapshots",
  {
    id: serial().primaryKey(),
    source: sourceNameEnum().notNull(),
    snapshotDate: date({ mode: "string" }).notNull(),
    rowCount: integer().notNull().default(0),
    fileName: text(),
    loadedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.source, t.snapshotDate, t.id)],
);

const snapshotId = () =>
  integer()
    .notNull()
    .references(() => sourceSnapshots.id);

/** AFIP/ARCA padrón: one row per taxpayer. */
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
  },
  (t) => [
    index("src_identidad_snapshot_cuit_idx").on(t.snapshotId, t.cuit),
    // DNI lookup: persons' CUIL carries the DNI in digits 3-10.
    index("src_identidad_snapshot_dni_idx").on(t.snapshotId, sql`substring(${t.cuit}, 3, 8)`),
  ],
);

/** BCRA Central de Deudores: one row per (debtor, entidad, period). `monto` is in thousands of pesos. */
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
    diasAtraso: integer().notNull().default(0),
    refinanciaciones: boolean().notNull().default(false),
    recategorizacionObligatoria: boolean().notNull().default(false),
    situacionJuridica: boolean().notNull().default(false),
    irrecuperableDisposicionTecnica: boolean().notNull().default(false),
    procesoJudicial: boolean().notNull().default(false),
  },
  (t) => [index("src_crediticio_snapshot_cuit_idx").on(t.snapshotId, t.cuit)],
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
  },
  (t) => [index("src_cheques_snapshot_cuit_idx").on(t.snapshotId, t.cuit)],
);

/** Sanctions and PEP entries in the shape of the OFAC SDN and UN consolidated lists, matched to a CUIT. */
export const srcScreening = pgTable(
  "src_screening",
  {
    snapshotId: snapshotId(),
    cuit: text().notNull(),
    lista: text().notNull(),
    entryUid: text().notNull(),
    nombre: text().notNull(),
    tipoEntrada: text().notNull(),
    programa: text(),
    fechaInclusion: date({ mode: "string" }),
    nacionalidad: text(),
    observaciones: text(),
    scoreCoincidencia: numeric({ mode: "number" }),
  },
  (t) => [index("src_screening_snapshot_cuit_idx").on(t.snapshotId, t.cuit)],
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
  (t) => [index("src_comex_snapshot_cuit_idx").on(t.snapshotId, t.cuit)],
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
  },
  (t) => [index("src_riesgo_fiscal_snapshot_cuit_idx").on(t.snapshotId, t.cuit)],
);

/** INPI trademarks, by holder CUIT. */
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
  },
  (t) => [index("src_marcas_snapshot_cuit_idx").on(t.snapshotId, t.cuit)],
);

/** Concursos y quiebras: one row per proceeding. */
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
  },
  (t) => [index("src_concursos_snapshot_cuit_idx").on(t.snapshotId, t.cuit)],
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
