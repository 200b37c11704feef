import fs from "node:fs";
import path from "node:path";
import { srcComex, srcIdentidad, type SourceName } from "@/db/schema";
import { withCheckDigit } from "@/lib/cuit/check-digit";
import { apocHeader, apocLine } from "../formats/arca-apoc";
import { arcaPadronLine } from "../formats/arca-padron";
import { chequesResponse, entidadesResponse } from "../formats/bcra-cheques-api";
import { deudasResponse } from "../formats/bcra-deudas-api";
import { bcraPadronLine, PROVINCIAS, writeActividades } from "../formats/bcra-padron";
import { noticeText, writeBoConcursos, type BoNotice } from "../formats/bo-concursos";
import { writeInpiMarcas, type InpiMarca } from "../formats/inpi-marcas";
import { LEGAJO_CSV } from "../formats/legajo-csv";
import { nameKey } from "../formats/names";
import { writeOfacSdn } from "../formats/ofac-sdn";
import { writeRepet } from "../formats/repet";
import { SCREENING_LISTS, type ScreeningEntry, type ScreeningList } from "../formats/screening-entry";
import { writeUnConsolidated } from "../formats/un-consolidated";
import { CsvFileWriter, OutFile } from "./csv-file";
import { addDays, demoSnapshotDates, periodBefore } from "./dates";
import { EntityFactory, type Entity } from "./entities";
import { Prng } from "./prng";
import { demoScreeningEntry } from "./screening-entries";
import * as W from "./words";

type Insert<T extends { $inferInsert: object }> = Omit<T["$inferInsert"], "snapshotId">;

export interface DemoOptions {
  /** Taxpayers in the universe (DEMO_CUITS; 1,000,000 for the benchmark). */
  cuits: number;
  seed?: string;
  /** Day the snapshot dates are relative to, YYYY-MM-DD. */
  today: string;
}

/** One import of the demo: a published format (or `legajo-csv` where nothing is published), its files, its date. */
export interface DemoStep {
  format: string;
  source: SourceName;
  files: string[];
  snapshotDate: string;
  /** Records written: lines, API answers, list entries or notices, as the format counts them. */
  records: number;
  /** Bad lines the import may skip (INPI owners it cannot link to a single CUIT); none expected. */
  maxBadLines?: number;
}

export interface DemoFiles {
  dir: string;
  /** In load order: the padrón's feeds first (INPI owners are linked to a CUIT through it), newest feed last. */
  steps: DemoStep[];
}

export const DEMO_SEED = "legajo-demo-v1";

/** Share of the universe absent from the padrón but present in another source: the name fallback chain. */
const OUTSIDE_PADRON = 0.07;

const round1 = (n: number) => Math.round(n * 10) / 10;
const round2 = (n: number) => Math.round(n * 100) / 100;

/** AFIP's province code of a province as the demo's localities name it. */
const plainProvince = (name: string) => name.replace(/\bDE\b/g, "").replace(/\s+/g, " ").trim();
const PROVINCE_CODE = new Map(Object.entries(PROVINCIAS).map(([code, name]) => [plainProvince(name), Number(code)]));

/** A lender code absent from the cheques API's lender list: the report cannot name the bank (section `parcial`). */
const UNLISTED_LENDER = 99_999;

/**
 * Writes a deterministic demo universe (same seed, size and day => same files) in the layouts the publications
 * use, for the importers `source:import` runs: ARCA's padrón and BCRA's Padron_ARCA.txt, the Central de Deudores
 * API's answers (with their history), the cheques API's answers, the UN, RePET and OFAC lists, ARCA's APOC file,
 * INPI's lookup rows and the Boletín Oficial's edicts. Our own CSV carries only what no bulk publication has: comex,
 * and the padrón's address and registration data (ARCA gives those one CUIT at a time, through a web service that
 * needs a certificate). Proportions are realistic: most debtors in situación 1, a few percent with rejected cheques,
 * rare sanctions hits, some taxpayers only known outside the padrón, some records with fields missing. The large
 * files are streamed to disk as they are made, so a million taxpayers take bounded memory. It hands the event loop
 * back every few milliseconds, so that a server generating its demo while Postgres initialises goes on starting.
 */
export async function generateDemoFiles(dir: string, options: DemoOptions): Promise<DemoFiles> {
  const rng = new Prng(`${options.seed ?? DEMO_SEED}:${options.cuits}`);
  const factory = new EntityFactory(rng);
  const dates = demoSnapshotDates(options.today);
  const periodo = periodBefore(dates.crediticio, 2);
  const file = (name: string) => path.join(dir, name);
  const out = {
    domicilios: new CsvFileWriter<Insert<typeof srcIdentidad>>(file("padron-domicilios.csv"), srcIdentidad, [
      "cuit",
      "denominacion",
      "tipoPersona",
      "estadoClave",
      "fechaInscripcion",
      "fechaContratoSocial",
      "formaJuridica",
      "actividadesSecundarias",
      "domicilioCalle",
      "domicilioLocalidad",
    ]),
    arca: new OutFile(file("apellidoNombreDenominacion.txt"), "latin1"),
    bcra: new OutFile(file("Padron_ARCA.txt")),
    deudas: new OutFile(file("deudas.jsonl")),
    cheques: new OutFile(file("cheques-rechazados.jsonl")),
    comex: new CsvFileWriter<Insert<typeof srcComex>>(file("comex-operadores.csv"), srcComex),
    apoc: new OutFile(file("FacturasApocrifas.txt")),
  };
  out.cheques.write(`${JSON.stringify(entidadesResponse(W.ENTIDADES.map(([c, n]) => [Number(c), n])))}\n`);
  out.apoc.write(`\ufeff${apocHeader(dates.riesgoFiscal).join("\r\n")}\r\n`);
  const screeningEntries: Record<ScreeningList, ScreeningEntry[]> = { [SCREENING_LISTS.un]: [], [SCREENING_LISTS.repet]: [], [SCREENING_LISTS.ofac]: [] };
  const marcasRows: InpiMarca[] = [];
  /** How many padrón records carry each name (by a hash of its normalized key): INPI links an owner only when one does. */
  const namesInPadron = new Map<number, number>();
  const nameHash = (nombre: string) => {
    const key = nameKey(nombre);
    let h = 2166136261;
    for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
    return h;
  };
  const notices: BoNotice[] = [];
  const day = (from: string, maxDaysBack: number) => addDays(from, -rng.int(0, maxDaysBack));
  let acta = 2_800_000;

  const padron = (e: Entity, inactive = false, replacedBy: string | null = null) => {
    const [codigo] = rng.pick(W.ACTIVIDADES);
    const [localidad, provincia, cp] = rng.pick(W.LOCALIDADES);
    const inscripcion = day(dates.identidad, 35 * 365);
    const contrato = e.persona ? null : addDays(inscripcion, -rng.int(10, 120));
    const monotributo = e.persona && rng.chance(0.45);
    const baja = inactive || rng.chance(0.03);
    // ARCA's file cuts names at 30 characters: the cut name is one more the INPI import sees in the padrón.
    for (const h of new Set([nameHash(e.nombre), nameHash(e.nombre.slice(0, 30))])) namesInPadron.set(h, (namesInPadron.get(h) ?? 0) + 1);
    // About 5% of records lack something the padrón should have: their identidad section is `parcial`.
    const gap = rng.chance(0.05) ? rng.int(1, 3) : 0;
    out.domicilios.write({
      cuit: e.cuit,
      denominacion: e.nombre,
      tipoPersona: e.persona ? "FISICA" : "JURIDICA",
      estadoClave: baja ? "INACTIVO" : "ACTIVO",
      fechaInscripcion: gap === 1 ? null : inscripcion,
      fechaContratoSocial: contrato,
      formaJuridica: e.forma?.forma ?? null,
      actividadesSecundarias: rng.chance(0.3) ? rng.pick(W.ACTIVIDADES)[0] : null,
      domicilioCalle: gap === 3 ? null : `${rng.pick(W.CALLES)} ${rng.int(1, 5999)}`,
      domicilioLocalidad: localidad,
    });
    // ARCA's file lists the taxpayers it holds active, with their tax registrations.
    if (!baja) {
      out.arca.write(
        `${arcaPadronLine({
          cuit: e.cuit,
          denominacion: e.nombre,
          ganancias: monotributo ? "NC" : "AC",
          iva: monotributo ? "NA" : rng.chance(0.9) ? "AC" : "EX",
          monotributo: monotributo ? rng.pick(["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K"]) : "NI",
          integranteSociedades: e.persona && rng.chance(0.08),
          empleador: e.persona ? rng.chance(0.1) : rng.chance(0.65),
          actividadMonotributo: monotributo ? String(rng.int(1, 20)).padStart(2, "0") : "00",
        })}\r\n`,
      );
      out.arca.records++;
    }
    out.bcra.write(
      bcraPadronLine({
        cuit: e.cuit,
        denominacion: e.nombre,
        actividad: gap === 2 ? null : codigo,
        baja,
        cuitReemplazo: replacedBy,
        fechaNacimientoConstitucion: e.persona ? day(addDays(dates.identidad, -18 * 365), 62 * 365) : contrato,
        sexo: e.sexo,
        codigoPostal: cp,
        provincia: PROVINCE_CODE.get(plainProvince(provincia)) ?? null,
        fechaFallecimiento: null,
      }),
    );
    out.bcra.write("\r\n");
    out.bcra.records++;
  };

  /** Deudas/{cuit} (the current period in full) and, for half the debtors, Deudas/Historicas/{cuit}. */
  const deudas = (e: Entity, force = false) => {
    if (!force && !rng.chance(e.persona ? 0.62 : 0.7)) return;
    const base = rng.weighted([[1, 87], [2, 5], [3, 3], [4, 2.5], [5, 2], [6, 0.5]] as const);
    const n = rng.int(1, e.persona ? 3 : 5);
    const entidades = new Set<(typeof W.ENTIDADES)[number]>();
    while (entidades.size < n) entidades.add(rng.pick(W.ENTIDADES));
    const current: Record<string, unknown>[] = [];
    for (const [, nombre] of entidades) {
      const situacion = base > 1 && rng.chance(0.3) ? rng.int(1, base) : base;
      const atraso = [0, rng.int(0, 31), rng.int(32, 90), rng.int(91, 180), rng.int(181, 365), rng.int(366, 1500), 0][situacion];
      current.push({
        entidad: nombre,
        situacion,
        fechaSit1: situacion === 1 ? day(dates.crediticio, 6 * 365) : null,
        monto: round1(e.persona ? rng.logUniform(5, 8_000) : rng.logUniform(100, 900_000)),
        diasAtrasoPago: atraso,
        refinanciaciones: rng.chance(situacion > 1 ? 0.15 : 0.02),
        recategorizacionOblig: situacion > 2 && rng.chance(0.1),
        situacionJuridica: situacion >= 4 && rng.chance(0.1),
        irrecDisposicionTecnica: situacion === 6,
        enRevision: false,
        procesoJud: situacion >= 4 && rng.chance(0.25),
      });
    }
    out.deudas.write(`${JSON.stringify(deudasResponse(e.cuit, e.nombre, [{ periodo, entidades: current }]))}\n`);
    out.deudas.records++;
    if (!rng.chance(0.5)) return;
    const periodos = Array.from({ length: rng.int(1, 5) }, (_, i) => ({
      periodo: periodBefore(dates.crediticio, 3 + i),
      entidades: current
        .filter(() => rng.chance(0.8))
        .map((c) => ({
          entidad: c.entidad,
          situacion: Math.max(1, (c.situacion as number) - rng.int(0, 1)),
          monto: round1((c.monto as number) * (0.8 + rng.float() * 0.4)),
          enRevision: false,
          procesoJud: false,
        })),
    })).filter((p) => p.entidades.length > 0);
    if (periodos.length === 0) return;
    out.deudas.write(`${JSON.stringify(deudasResponse(e.cuit, e.nombre, periodos))}\n`);
    out.deudas.records++;
  };

  /** Deudas/ChequesRechazados/{cuit}: cheques grouped by causal and lender, as the API answers. */
  const cheques = (e: Entity) => {
    const causales = new Map<string, Map<number, Record<string, unknown>[]>>();
    for (let i = rng.int(1, 6); i > 0; i--) {
      const rechazo = day(dates.cheques, 720);
      const causal = rng.weighted(W.CAUSALES_CHEQUE);
      const pagado = rng.chance(0.55);
      const pago = pagado ? addDays(rechazo, rng.int(5, 120)) : null;
      const conMulta = causal.startsWith("SIN FONDOS");
      const entidad = rng.pick(W.ENTIDADES.filter(([c]) => !c.startsWith("7")));
      const codigo = rng.chance(0.03) ? UNLISTED_LENDER : Number(entidad[0]);
      const byLender = causales.get(causal) ?? causales.set(causal, new Map()).get(causal)!;
      const detalle = byLender.get(codigo) ?? byLender.set(codigo, []).get(codigo)!;
      detalle.push({
        nroCheque: rng.int(10_000_000, 99_999_999),
        fechaRechazo: rechazo,
        monto: round2(rng.logUniform(15_000, 6_000_000)),
        fechaPago: pago,
        fechaPagoMulta: conMulta && pago && rng.chance(0.7) ? addDays(pago, rng.int(1, 30)) : null,
        estadoMulta: conMulta ? (pago && rng.chance(0.7) ? "PAGADA" : "IMPAGA") : null,
        ctaPersonal: e.persona,
        denomJuridica: e.persona ? null : e.nombre,
        enRevision: false,
        procesoJud: false,
      });
    }
    const body = [...causales].map(([causal, lenders]) => ({ causal, entidades: [...lenders].map(([entidad, detalle]) => ({ entidad, detalle })) }));
    out.cheques.write(`${JSON.stringify(chequesResponse(e.cuit, e.nombre, body))}\n`);
    out.cheques.records++;
  };

  const screening = (e: Entity, list: ScreeningList) => screeningEntries[list].push(demoScreeningEntry(rng, e, list, day(dates.screening, 15 * 365)));

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

  /** ARCA's base APOC: the day the condition was set, and its publication a few days later. */
  const riesgoFiscal = (e: Entity) => {
    const condicion = day(addDays(dates.riesgoFiscal, -10), 3 * 365);
    out.apoc.write(
      `${apocLine({
        cuit: e.cuit,
        fechaCondicion: condicion,
        fechaPublicacion: addDays(condicion, rng.int(1, 10)),
        descripcion: rng.chance(0.8) ? rng.pick(W.APOC_DESCRIPCIONES) : null,
      })}\r\n`,
    );
    out.apoc.records++;
  };

  /** INPI lists owners by name; the import links each to the padrón's CUIT of that name. */
  const marcas = (e: Entity) => {
    for (let i = rng.int(1, e.persona ? 2 : 5); i > 0; i--) {
      const solicitud = day(dates.marcas, 20 * 365);
      const estado = rng.weighted([["CONCEDIDA", 60], ["EN TRAMITE", 25], ["CADUCA", 10], ["ABANDONADA", 5]] as const);
      acta += rng.int(1, 400);
      marcasRows.push({
        acta: String(acta),
        titulares: e.nombre,
        denominacion: `${rng.pick(W.MARCA_PALABRAS)}${rng.chance(0.4) ? ` ${rng.pick(W.MARCA_PALABRAS)}` : ""}`,
        clase: rng.int(1, 45),
        tipoMarca: rng.pick(["DENOMINATIVA", "MIXTA", "FIGURATIVA"]),
        estado,
        fechaIngreso: rng.chance(0.04) ? null : solicitud,
        numeroResolucion: estado === "CONCEDIDA" ? String(rng.int(100_000, 999_999)) : null,
        fechaVencimiento: estado === "CONCEDIDA" ? addDays(solicitud, 365 * 10 + rng.int(120, 400)) : null,
      });
    }
  };

  /** The edict the court orders published in the Boletín Oficial, a few days after the opening. */
  const concursos = (e: Entity) => {
    const [juzgado, jurisdiccion] = rng.pick(W.JUZGADOS);
    const apertura = day(dates.concursos, 8 * 365);
    const quiebra = rng.chance(0.3);
    const publicado = addDays(apertura, rng.int(1, 12));
    notices.push({
      id: `A${String(6_000_000 + notices.length * 7 + rng.int(0, 6))}`,
      fecha: publicado > dates.concursos ? dates.concursos : publicado,
      texto: noticeText({
        juzgado,
        secretaria: jurisdiccion.startsWith("CIUDAD") ? `SECRETARIA N° ${rng.int(1, 52)}` : null,
        tipo: quiebra ? "QUIEBRA" : "CONCURSO PREVENTIVO",
        fechaApertura: apertura,
        denominacion: e.nombre,
        cuit: e.cuit,
        expediente: rng.chance(0.05) ? null : `COM ${String(rng.int(1, 39_999)).padStart(6, "0")}/${apertura.slice(0, 4)}`,
        sindico: rng.chance(0.9) ? `CDOR. ${rng.pick(W.APELLIDOS)} ${rng.pick(W.NOMBRES_M)}` : null,
      }),
    });
  };

  let inPadron = 0;
  for (let i = 0; i < options.cuits; i++) {
    if ((i & 63) === 63) await new Promise(setImmediate);
    const persona = rng.chance(0.62);
    const e: Entity & { dni?: number } = persona ? factory.person() : factory.company();
    if (rng.chance(OUTSIDE_PADRON)) {
      // Known only outside the padrón: the name comes from the concursos edict or the Central de Deudores (INPI's
      // owners are linked to a CUIT through the padrón, so a trademark needs one).
      if (rng.chance(0.6)) deudas(e, true);
      else concursos(e);
      continue;
    }
    let second: string | null = null;
    if (e.dni !== undefined && rng.chance(0.002)) {
      // A DNI with two CUILs: a second one with prefix 24 (when its check digit exists), dado de baja.
      second = withCheckDigit("24", String(e.dni).padStart(8, "0"));
    }
    padron(e);
    if (second) padron({ ...e, cuit: second }, true, e.cuit);
    // The first taxpayers of the padrón cover every list, so that even a tiny demo has rows in each source.
    const k = inPadron++;
    deudas(e, k === 7);
    if (k === 2 || rng.chance(0.04)) cheques(e);
    if (k === 1 || rng.chance(e.persona ? 0.002 : 0.0005)) screening(e, SCREENING_LISTS.repet);
    if (k === 0 || k === 8 || rng.chance(0.0008)) screening(e, k === 0 ? SCREENING_LISTS.ofac : k === 8 ? SCREENING_LISTS.un : rng.chance(0.6) ? SCREENING_LISTS.ofac : SCREENING_LISTS.un);
    if (k === 5 || rng.chance(e.persona ? 0.01 : 0.12)) comex(e);
    if (k === 4 || rng.chance(0.02)) riesgoFiscal(e);
    if (k === 6 || rng.chance(e.persona ? 0.02 : 0.12)) marcas(e);
    if (k === 3 || rng.chance(0.01)) concursos(e);
  }
  for (const writer of Object.values(out)) writer.close();

  const write = (name: string, content: string | Buffer) => {
    fs.writeFileSync(file(name), content);
    return file(name);
  };
  const actividades = write("Actividades_ARCA.txt", writeActividades(W.ACTIVIDADES.map(([c, d]) => [c, d.toUpperCase()])));
  const un = screeningEntries[SCREENING_LISTS.un];
  const rep = screeningEntries[SCREENING_LISTS.repet];
  // An owner named like another taxpayer (or like both CUILs of one DNI) could not be linked to a CUIT: the demo
  // publishes only trademarks whose owner the import can link.
  const linkable = marcasRows.filter((m) => namesInPadron.get(nameHash(m.titulares)) === 1);
  const ofac = screeningEntries[SCREENING_LISTS.ofac];
  const repet = writeRepet(rep);
  const sdn = writeOfacSdn(ofac);
  const steps: DemoStep[] = [
    { format: LEGAJO_CSV, source: "identidad", files: [out.domicilios.path], records: out.domicilios.rows, snapshotDate: dates.identidad },
    { format: "arca-padron", source: "identidad", files: [out.arca.path], records: out.arca.records, snapshotDate: dates.identidad },
    { format: "bcra-padron", source: "identidad", files: [out.bcra.path, actividades], records: out.bcra.records, snapshotDate: dates.identidad },
    { format: "bcra-deudas-api", source: "crediticio", files: [out.deudas.path], records: out.deudas.records, snapshotDate: dates.crediticio },
    { format: "bcra-cheques-api", source: "cheques", files: [out.cheques.path], records: out.cheques.records, snapshotDate: dates.cheques },
    { format: "un-consolidated", source: "screening", files: [write("consolidated.xml", writeUnConsolidated(un, `${dates.screening}T00:00:00Z`))], records: un.length, snapshotDate: dates.screening },
    { format: "repet", source: "screening", files: [write("personas.json", repet.personas), write("entidades.json", repet.entidades)], records: rep.length, snapshotDate: dates.screening },
    { format: "ofac-sdn", source: "screening", files: [write("sdn.csv", sdn.sdn), ...(sdn.alt ? [write("alt.csv", sdn.alt)] : [])], records: ofac.length, snapshotDate: dates.screening },
    { format: LEGAJO_CSV, source: "comex", files: [out.comex.path], records: out.comex.rows, snapshotDate: dates.comex },
    { format: "arca-apoc", source: "riesgoFiscal", files: [out.apoc.path], records: out.apoc.records, snapshotDate: dates.riesgoFiscal },
    // A safety net: an owner the counting above missed is skipped and listed, never a failed boot.
    { format: "inpi-marcas", source: "marcas", files: [write("marcas-inpi.json", writeInpiMarcas(linkable))], records: linkable.length, snapshotDate: dates.marcas, maxBadLines: linkable.length },
    { format: "bo-concursos", source: "concursos", files: [write("boletin-concursos.jsonl", writeBoConcursos(notices))], records: notices.length, snapshotDate: dates.concursos },
  ];
  // A list with no entry in a small demo is not imported: an empty file is refused, as a real one would be.
  return { dir, steps: steps.filter((s) => s.records > 0) };
}
