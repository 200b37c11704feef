import path from "node:path";
import type { PgTable } from "drizzle-orm/pg-core";
import {
  srcCheques,
  srcComex,
  srcConcursos,
  srcCrediticio,
  srcIdentidad,
  srcMarcas,
  srcRiesgoFiscal,
  srcScreening,
  type SourceName,
} from "@/db/schema";
import { withCheckDigit } from "@/lib/cuit/check-digit";
import { SCREENING_LISTS, type ScreeningList } from "../formats/screening-entry";
import { SOURCES } from "../registry";
import { CsvFileWriter } from "./csv-file";
import { addDays, demoSnapshotDates, periodBefore } from "./dates";
import { EntityFactory, type Entity } from "./entities";
import { Prng } from "./prng";
import { demoScreeningEntry, screeningInsert } from "./screening-entries";
import * as W from "./words";

type Insert<T extends { $inferInsert: object }> = Omit<T["$inferInsert"], "snapshotId">;

export interface DemoOptions {
  /** Taxpayers in the universe (DEMO_CUITS; 1,000,000 for the benchmark). */
  cuits: number;
  seed?: string;
  /** Day the snapshot dates are relative to, YYYY-MM-DD. */
  today: string;
}

export interface DemoFiles {
  dir: string;
  files: Record<SourceName, { file: string; snapshotDate: string; rows: number }>;
}

export const DEMO_SEED = "legajo-demo-v1";

/** Share of the universe absent from the padrón but present in another source: the name fallback chain. */
const OUTSIDE_PADRON = 0.07;

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Writes the eight source files of a deterministic demo universe (same seed, size and day => same files) in the
 * sources' CSV shapes, with realistic proportions: most debtors in situación 1, a few percent with rejected
 * cheques, rare sanctions hits, some taxpayers only known outside the padrón, some records with fields missing.
 * Rows are streamed to disk as they are made, so a million taxpayers take bounded memory.
 */
export function generateDemoFiles(dir: string, options: DemoOptions): DemoFiles {
  const rng = new Prng(`${options.seed ?? DEMO_SEED}:${options.cuits}`);
  const factory = new EntityFactory(rng);
  const dates = demoSnapshotDates(options.today);
  const periodo = periodBefore(dates.crediticio, 2);
  const open = <T extends PgTable>(name: SourceName, table: T) =>
    new CsvFileWriter<Insert<T>>(path.join(dir, SOURCES[name].fileName), table);
  const out = {
    identidad: open("identidad", srcIdentidad),
    crediticio: open("crediticio", srcCrediticio),
    cheques: open("cheques", srcCheques),
    screening: open("screening", srcScreening),
    comex: open("comex", srcComex),
    riesgoFiscal: open("riesgoFiscal", srcRiesgoFiscal),
    marcas: open("marcas", srcMarcas),
    concursos: open("concursos", srcConcursos),
  };
  const day = (from: string, maxDaysBack: number) => addDays(from, -rng.int(0, maxDaysBack));
  let acta = 2_800_000;

  const padron = (e: Entity, extra: Partial<Insert<typeof srcIdentidad>> = {}) => {
    const [codigo, descripcion] = rng.pick(W.ACTIVIDADES);
    const [localidad, provincia, cp] = rng.pick(W.LOCALIDADES);
    const inscripcion = day(dates.identidad, 35 * 365);
    const monotributo = e.persona && rng.chance(0.45);
    // About 5% of records lack something the padrón should have: their identidad section is `parcial`.
    const gap = rng.chance(0.05) ? rng.int(1, 3) : 0;
    out.identidad.write({
      cuit: e.cuit,
      denominacion: e.nombre,
      tipoPersona: e.persona ? "FISICA" : "JURIDICA",
      estadoClave: rng.chance(0.97) ? "ACTIVO" : "INACTIVO",
      fechaInscripcion: gap === 1 ? null : inscripcion,
      fechaContratoSocial: e.persona ? null : addDays(inscripcion, -rng.int(10, 120)),
      formaJuridica: e.forma?.forma ?? null,
      actividadPrincipalCodigo: gap === 2 ? null : codigo,
      actividadPrincipalDescripcion: gap === 2 ? null : descripcion,
      actividadesSecundarias: rng.chance(0.3) ? rng.pick(W.ACTIVIDADES)[0] : null,
      impuestoGanancias: monotributo ? "NO ALCANZADO" : "ACTIVO",
      impuestoIva: monotributo ? "NO ALCANZADO" : rng.chance(0.9) ? "RESPONSABLE INSCRIPTO" : "EXENTO",
      monotributoCategoria: monotributo ? rng.pick(["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K"]) : null,
      empleador: e.persona ? rng.chance(0.1) : rng.chance(0.65),
      domicilioCalle: gap === 3 ? null : `${rng.pick(W.CALLES)} ${rng.int(1, 5999)}`,
      domicilioLocalidad: localidad,
      domicilioProvincia: provincia,
      domicilioCodigoPostal: cp,
      ...extra,
    });
  };

  const deudas = (e: Entity, force = false) => {
    if (!force && !rng.chance(e.persona ? 0.62 : 0.7)) return;
    const base = rng.weighted([[1, 87], [2, 5], [3, 3], [4, 2.5], [5, 2], [6, 0.5]] as const);
    const n = rng.int(1, e.persona ? 3 : 5);
    const entidades = new Set<(typeof W.ENTIDADES)[number]>();
    while (entidades.size < n) entidades.add(rng.pick(W.ENTIDADES));
    for (const [codigo, nombre] of entidades) {
      const situacion = base > 1 && rng.chance(0.3) ? rng.int(1, base) : base;
      const atraso = [0, rng.int(0, 31), rng.int(32, 90), rng.int(91, 180), rng.int(181, 365), rng.int(366, 1500), 0][situacion];
      out.crediticio.write({
        cuit: e.cuit,
        denominacion: rng.chance(0.92) ? e.nombre : null,
        periodo,
        entidadCodigo: codigo,
        entidadNombre: nombre,
        situacion,
        monto: round2(e.persona ? rng.logUniform(5, 8_000) : rng.logUniform(100, 900_000)),
        diasAtraso: atraso,
        refinanciaciones: rng.chance(situacion > 1 ? 0.15 : 0.02),
        recategorizacionObligatoria: situacion > 2 && rng.chance(0.1),
        situacionJuridica: situacion >= 4 && rng.chance(0.1),
        irrecuperableDisposicionTecnica: situacion === 6,
        procesoJudicial: situacion >= 4 && rng.chance(0.25),
      });
    }
  };

  const cheques = (e: Entity) => {
    for (let i = rng.int(1, 6); i > 0; i--) {
      const rechazo = day(dates.cheques, 720);
      const causal = rng.weighted(W.CAUSALES_CHEQUE);
      const pagado = rng.chance(0.55);
      const pago = pagado ? addDays(rechazo, rng.int(5, 120)) : null;
      const conMulta = causal.startsWith("SIN FONDOS");
      const entidad = rng.pick(W.ENTIDADES.filter(([c]) => !c.startsWith("7")));
      const sinEntidad = rng.chance(0.03);
      out.cheques.write({
        cuit: e.cuit,
        numeroCheque: String(rng.int(10_000_000, 99_999_999)),
        fechaRechazo: rechazo,
        monto: round2(rng.logUniform(15_000, 6_000_000)),
        causal,
        entidadCodigo: sinEntidad ? null : entidad[0],
        entidadNombre: sinEntidad ? null : entidad[1],
        fechaPago: pago,
        fechaPagoMulta: conMulta && pago && rng.chance(0.7) ? addDays(pago, rng.int(1, 30)) : null,
        estadoMulta: conMulta ? (pago && rng.chance(0.7) ? "PAGADA" : "IMPAGA") : null,
      });
    }
  };

  const screening = (e: Entity, list: ScreeningList) =>
    out.screening.write(screeningInsert(demoScreeningEntry(rng, e, list, day(dates.screening, 15 * 365))));

  const comex = (e: Entity) => {
    const year = Number(dates.comex.slice(0, 4)) - 1;
    const roles = rng.chance(0.7) ? (rng.chance(0.35) ? ["IMPORTADOR", "EXPORTADOR"] : ["IMPORTADOR"]) : ["EXPORTADOR"];
    for (let y = year - rng.int(0, 2); y <= year; y++) {
      for (const rol of roles) {
        const pick = (from: readonly string[], n: number) => [...new Set(Array.from({ length: n }, () => rng.pick(from)))].join(";");
        out.comex.write({
          cuit: e.cuit,
          denominacion: e.nombre,
          anio: y,
          rol,
          operaciones: rng.int(1, e.persona ? 12 : 400),
          montoFobUsd: round2(rng.logUniform(2_000, e.persona ? 80_000 : 25_000_000)),
          capitulosNcm: rng.chance(0.03) ? null : pick(W.CAPITULOS_NCM, rng.int(1, 4)),
          paisesPrincipales: rng.chance(0.03) ? null : pick(W.PAISES, rng.int(1, 3)),
        });
      }
    }
  };

  const riesgoFiscal = (e: Entity) => {
    const [lista, detalle] = rng.pick(W.LISTAS_RIESGO_FISCAL);
    out.riesgoFiscal.write({
      cuit: e.cuit,
      lista,
      fechaPublicacion: rng.chance(0.04) ? null : day(dates.riesgoFiscal, 3 * 365),
      detalle,
      montoAdeudado: lista.startsWith("Deudores") ? round2(rng.logUniform(50_000, 40_000_000)) : null,
    });
  };

  const marcas = (e: Entity) => {
    for (let i = rng.int(1, e.persona ? 2 : 5); i > 0; i--) {
      const solicitud = day(dates.marcas, 20 * 365);
      const estado = rng.weighted([["CONCEDIDA", 60], ["EN TRAMITE", 25], ["CADUCA", 10], ["ABANDONADA", 5]] as const);
      acta += rng.int(1, 400);
      out.marcas.write({
        cuit: e.cuit,
        acta: String(acta),
        denominacion: `${rng.pick(W.MARCA_PALABRAS)}${rng.chance(0.4) ? ` ${rng.pick(W.MARCA_PALABRAS)}` : ""}`,
        claseNiza: rng.int(1, 45),
        titular: e.nombre,
        tipoMarca: rng.pick(["DENOMINATIVA", "MIXTA", "FIGURATIVA"]),
        estado,
        fechaSolicitud: rng.chance(0.04) ? null : solicitud,
        fechaVencimiento: estado === "CONCEDIDA" ? addDays(solicitud, 365 * 10 + rng.int(120, 400)) : null,
      });
    }
  };

  const concursos = (e: Entity) => {
    const [juzgado, jurisdiccion] = rng.pick(W.JUZGADOS);
    const apertura = day(dates.concursos, 8 * 365);
    const quiebra = rng.chance(0.3);
    out.concursos.write({
      cuit: e.cuit,
      denominacion: e.nombre,
      tipoProceso: quiebra ? "QUIEBRA" : "CONCURSO PREVENTIVO",
      juzgado,
      secretaria: jurisdiccion.startsWith("CIUDAD") ? `SECRETARIA N° ${rng.int(1, 52)}` : null,
      expediente: rng.chance(0.05) ? null : `COM ${String(rng.int(1, 39_999)).padStart(6, "0")}/${apertura.slice(0, 4)}`,
      fechaApertura: apertura,
      sindico: rng.chance(0.9) ? `CDOR. ${rng.pick(W.APELLIDOS)} ${rng.pick(W.NOMBRES_M)}` : null,
      estado: quiebra ? rng.pick(["DECRETADA", "EN LIQUIDACION", "CONCLUIDA"]) : rng.pick(["ABIERTO", "PERIODO DE EXCLUSIVIDAD", "HOMOLOGADO", "CONCLUIDO"]),
      jurisdiccion,
      montoPasivo: Math.round(rng.logUniform(2_000_000, e.persona ? 80_000_000 : 9_000_000_000)),
    });
  };

  let inPadron = 0;
  for (let i = 0; i < options.cuits; i++) {
    const persona = rng.chance(0.62);
    const e: Entity & { dni?: number } = persona ? factory.person() : factory.company();
    if (rng.chance(OUTSIDE_PADRON)) {
      // Known only outside the padrón: the name comes from concursos, marcas or the Central de Deudores.
      const where = rng.weighted([["crediticio", 50], ["concursos", 25], ["marcas", 25]] as const);
      if (where === "crediticio") deudas(e, true);
      if (where === "concursos") concursos(e);
      if (where === "marcas") marcas(e);
      continue;
    }
    padron(e);
    if (e.dni !== undefined && rng.chance(0.002)) {
      // A DNI with two CUILs: a second, inactive one with prefix 24 (when its check digit exists).
      const second = withCheckDigit("24", String(e.dni).padStart(8, "0"));
      if (second) padron({ ...e, cuit: second }, { estadoClave: "INACTIVO" });
    }
    // The first taxpayers of the padrón cover every list, so that even a tiny demo has rows in each source.
    const k = inPadron++;
    deudas(e, k === 7);
    if (k === 2 || rng.chance(0.04)) cheques(e);
    if (k === 1 || rng.chance(e.persona ? 0.002 : 0.0005)) screening(e, SCREENING_LISTS.repet);
    if (k === 0 || rng.chance(0.0008)) screening(e, rng.chance(0.6) ? SCREENING_LISTS.ofac : SCREENING_LISTS.un);
    if (k === 5 || rng.chance(e.persona ? 0.01 : 0.12)) comex(e);
    if (k === 4 || rng.chance(0.02)) riesgoFiscal(e);
    if (k === 6 || rng.chance(e.persona ? 0.02 : 0.12)) marcas(e);
    if (k === 3 || rng.chance(0.01)) concursos(e);
  }

  const files = {} as DemoFiles["files"];
  for (const [name, writer] of Object.entries(out) as [SourceName, CsvFileWriter<object>][]) {
    writer.close();
    files[name] = { file: writer.path, snapshotDate: dates[name], rows: writer.rows };
  }
  return { dir, files };
}
