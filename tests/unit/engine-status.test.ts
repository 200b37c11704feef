import { afterEach, describe, expect, it } from "vitest";
import { engineFaults, type Fault } from "@/lib/engine/faults";
import { parseEnv } from "@/lib/env";
import { runSources } from "@/lib/engine/run-source";
import { ENGINE_SOURCES } from "@/lib/engine/sources";
import { SITUACIONES } from "@/lib/engine/sources/crediticio";
import { NAME_CHAIN, REASONS, reportStatus, resolveName, sectionStatus } from "@/lib/engine/status";
import { SECTION_KEYS, type FieldMaker, type SectionKey, type SourceLookup } from "@/lib/engine/types";

const rows = (n: number) => ({ kind: "rows" as const, rows: Array.from({ length: n }, () => ({})) });

describe("section status (DESIGN.md 6)", () => {
  it("is ok when the source has rows for the CUIT", () => {
    expect(sectionStatus(rows(2), true, true)).toEqual({ status: "ok" });
    expect(sectionStatus(rows(1), false, true)).toEqual({ status: "ok" });
  });

  it("is parcial, with the missing fields named, when the rows lack expected fields", () => {
    expect(sectionStatus(rows(1), false, true, ["Domicilio fiscal"])).toEqual({
      status: "parcial",
      error_reason: REASONS.missing(["Domicilio fiscal"]),
    });
  });

  it("counts a list source's empty answer as ok once the CUIT is known to some source", () => {
    expect(sectionStatus(rows(0), true, true)).toEqual({ status: "ok" });
  });

  it("is no_disponible when a register (the padrón) does not know the CUIT", () => {
    expect(sectionStatus(rows(0), false, true)).toEqual({ status: "no_disponible", error_reason: REASONS.notInRegister });
  });

  it("is no_disponible for every source when no source knows the CUIT", () => {
    expect(sectionStatus(rows(0), true, false)).toEqual({ status: "no_disponible", error_reason: REASONS.unknownCuit });
    expect(sectionStatus(rows(0), false, false)).toEqual({ status: "no_disponible", error_reason: REASONS.unknownCuit });
  });

  it("is no_disponible with a reason when the source failed or timed out", () => {
    expect(sectionStatus({ kind: "error" }, true, true)).toEqual({ status: "no_disponible", error_reason: REASONS.error });
    expect(sectionStatus({ kind: "timeout", ms: 50 }, true, true)).toEqual({ status: "no_disponible", error_reason: REASONS.timeout(50) });
  });
});

describe("report status (spec 2.3)", () => {
  const all = (status: "ok" | "parcial" | "no_disponible") =>
    Object.fromEntries(SECTION_KEYS.map((k) => [k, { status }])) as Record<SectionKey, { status: typeof status }>;

  it("is ok only when all eight sections are ok", () => {
    expect(reportStatus(all("ok"))).toBe("ok");
  });

  it("is parcial when some but not all sections hold data", () => {
    expect(reportStatus({ ...all("ok"), comex: { status: "no_disponible" } })).toBe("parcial");
    expect(reportStatus({ ...all("ok"), identidad: { status: "parcial" } })).toBe("parcial");
    expect(reportStatus({ ...all("no_disponible"), marcas: { status: "ok" } })).toBe("parcial");
    expect(reportStatus({ ...all("no_disponible"), marcas: { status: "parcial" } })).toBe("parcial");
  });

  it("is parcial when a section is missing (its source was never loaded)", () => {
    const { cheques: _, ...rest } = all("ok");
    expect(reportStatus(rest)).toBe("parcial");
  });

  it("is no_resuelto when no section holds data", () => {
    expect(reportStatus(all("no_disponible"))).toBe("no_resuelto");
    expect(reportStatus({})).toBe("no_resuelto");
  });
});

describe("name fallback chain", () => {
  it("goes padrón, then concursos, then marcas, then cendeu", () => {
    expect(NAME_CHAIN.map((n) => n.origen)).toEqual(["padron", "concursos", "marcas", "cendeu"]);
    const names = { identidad: "A", concursos: "B", marcas: "C", crediticio: "D" };
    expect(resolveName(names)).toEqual({ denominacion: "A", denominacion_origen: "padron" });
    expect(resolveName({ ...names, identidad: null })).toEqual({ denominacion: "B", denominacion_origen: "concursos" });
    expect(resolveName({ marcas: "C", crediticio: "D" })).toEqual({ denominacion: "C", denominacion_origen: "marcas" });
    expect(resolveName({ crediticio: "D", comex: "E" })).toEqual({ denominacion: "D", denominacion_origen: "cendeu" });
  });

  it("ignores blank names and gives null when nothing names the CUIT", () => {
    expect(resolveName({ identidad: "  ", crediticio: "D" })).toEqual({ denominacion: "D", denominacion_origen: "cendeu" });
    expect(resolveName({ comex: "E" })).toEqual({ denominacion: null, denominacion_origen: null });
  });
});

describe("ENGINE_FAULTS", () => {
  afterEach(() => {
    delete process.env.ENGINE_FAULTS;
  });

  it("parses source:fault pairs and ignores unknown entries", () => {
    expect(engineFaults("comex:slow,marcas:throw")).toEqual({ comex: "slow", marcas: "throw" });
    expect(engineFaults("")).toEqual({});
    expect(engineFaults("nope:throw,cheques:boom")).toEqual({});
  });

  it("is validated at start-up with the other settings", () => {
    expect(parseEnv({ ENGINE_FAULTS: "comex:slow,marcas:throw" }).ENGINE_FAULTS).toBe("comex:slow,marcas:throw");
    expect(parseEnv({}).ENGINE_FAULTS).toBe("");
    expect(() => parseEnv({ ENGINE_FAULTS: "comex:boom" })).toThrow(/ENGINE_FAULTS: must be a comma-separated list/);
    expect(() => parseEnv({ ENGINE_FAULTS: "clima:slow" })).toThrow(/ENGINE_FAULTS/);
  });

  it("is read from the environment on every call", () => {
    process.env.ENGINE_FAULTS = "cheques:throw";
    expect(engineFaults()).toEqual({ cheques: "throw" });
    process.env.ENGINE_FAULTS = "identidad:slow";
    expect(engineFaults()).toEqual({ identidad: "slow" });
  });
});

describe("runSources: the sources' time budget", () => {
  const source = ENGINE_SOURCES.cheques;
  const db = {} as never;
  /** One source on its own budget. */
  const run = async (ms: number, fault: Fault | undefined, lookup: SourceLookup) =>
    (await runSources([{ source, fault, start: (signal) => lookup(db, [1], "20123456786", signal) }], ms)).get(source.key);

  it("returns the rows of a source that answers in time", async () => {
    const outcome = await run(200, undefined, () => Promise.resolve([{ a: 1 }]));
    expect(outcome).toEqual({ kind: "rows", rows: [{ a: 1 }] });
  });

  it("turns a throw into an error outcome, never a rejection", async () => {
    const outcome = await run(200, undefined, () => Promise.reject(new Error("down")));
    expect(outcome).toEqual({ kind: "error" });
  });

  it("gives up on a source after its budget, and drops its late failure", async () => {
    const started = Date.now();
    let aborted = false;
    const outcome = await run(60, undefined, (_db, _s, _c, signal) =>
      new Promise((_, reject) => {
        signal.addEventListener("abort", () => {
          aborted = true;
          setTimeout(() => reject(new Error("late failure")), 5);
        });
      }),
    );
    expect(outcome).toEqual({ kind: "timeout", ms: 60 });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(aborted).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
  });

  it("times out only the sources still running when the budget ends", async () => {
    const outcomes = await runSources(
      [
        { source: ENGINE_SOURCES.cheques, start: () => Promise.resolve([{ a: 1 }]) },
        { source: ENGINE_SOURCES.comex, start: () => new Promise(() => {}) },
        { source: ENGINE_SOURCES.marcas, start: () => Promise.reject(new Error("down")) },
        { source: ENGINE_SOURCES.concursos, start: () => Promise.resolve([]), fault: "slow" },
      ],
      60,
    );
    expect(Object.fromEntries(outcomes)).toEqual({
      cheques: { kind: "rows", rows: [{ a: 1 }] },
      comex: { kind: "timeout", ms: 60 },
      marcas: { kind: "error" },
      concursos: { kind: "timeout", ms: 60 },
    });
  });

  it("applies the injected faults: throw fails at once, slow outlasts the budget", async () => {
    const lookup = () => Promise.resolve([{ a: 1 }]);
    expect(await run(50, "throw", lookup)).toEqual({ kind: "error" });
    expect(await run(50, "slow", lookup)).toEqual({ kind: "timeout", ms: 50 });
  });
});

describe("section builders", () => {
  const f: FieldMaker = (label, value) => ({ label, value: value === null || value === undefined ? null : String(value), fuente_dataset_id: "d", snapshot_date: "2026-01-01" });
  const deuda = (periodo: string, situacion: number, monto: number) => ({
    cuit: "20123456786",
    denominacion: "GOMEZ JUAN",
    periodo,
    entidadCodigo: `000${situacion}`,
    entidadNombre: `BANCO ${situacion}`,
    situacion,
    monto,
    diasAtraso: situacion * 30,
    refinanciaciones: false,
    recategorizacionObligatoria: false,
    situacionJuridica: false,
    irrecuperableDisposicionTecnica: false,
    procesoJudicial: situacion > 3,
  });

  it("crediticio reads the latest period only, its worst situation and its total", () => {
    const body = ENGINE_SOURCES.crediticio.build([deuda("202609", 1, 100.5), deuda("202609", 3, 50.25), deuda("202608", 5, 999)], f);
    const value = (label: string) => body.fields.find((x) => x.label === label)?.value;
    expect(value("Período informado")).toBe("2026-09");
    expect(value("Peor situación")).toBe(`3 - ${SITUACIONES[3]}`);
    expect(value("Deuda total (miles de $)")).toBe("150.75");
    expect(value("Entidades informantes")).toBe("2");
    expect(body.block).toHaveLength(2);
  });

  it("crediticio's empty answer says there is no debt, with an empty entidades block", () => {
    const body = ENGINE_SOURCES.crediticio.build([], f);
    expect(body.block).toEqual([]);
    expect(body.fields[0].value).toMatch(/Sin deudas/);
  });

  it("identidad names the fields the padrón should have and lacks", () => {
    const row = {
      cuit: "30500010912",
      denominacion: "ACME S.A.",
      tipoPersona: "JURIDICA",
      estadoClave: "ACTIVO",
      fechaInscripcion: "2001-01-01",
      fechaContratoSocial: null,
      formaJuridica: "SOCIEDAD ANONIMA",
      actividadPrincipalCodigo: "620100",
      actividadPrincipalDescripcion: "Servicios",
      actividadesSecundarias: null,
      impuestoGanancias: "ACTIVO",
      impuestoIva: "RESPONSABLE INSCRIPTO",
      monotributoCategoria: null,
      empleador: true,
      domicilioCalle: null,
      domicilioLocalidad: "CORDOBA",
      domicilioProvincia: "CORDOBA",
      domicilioCodigoPostal: "X5000",
    };
    expect(ENGINE_SOURCES.identidad.build([row], f).missing).toEqual(["Domicilio fiscal", "Fecha del contrato social"]);
    expect(ENGINE_SOURCES.identidad.name?.([row])).toBe("ACME S.A.");
  });
});
