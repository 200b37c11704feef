import { withCheckDigit } from "@/lib/cuit/check-digit";
import type { Prng } from "./prng";
import { APELLIDOS, FORMAS, NOMBRES_F, NOMBRES_M, RAZON_A, RAZON_B } from "./words";

/** One taxpayer of the demo universe. */
export interface Entity {
  cuit: string;
  persona: boolean;
  sexo: "M" | "F" | null;
  /** As the registers spell it: "GOMEZ JUAN CARLOS", "PAMPA LOGISTICA S.R.L.". */
  nombre: string;
  forma: (typeof FORMAS)[number] | null;
}

/**
 * Number ranges the demo draws from. Unknown CUITs for `demo:cuits` come from outside them, so they are valid and
 * certainly absent from every source.
 */
export const RANGES = {
  dni: [4_000_000, 46_999_999],
  company: [50_000_000, 71_999_999],
  unknownDni: [47_000_000, 48_999_999],
  unknownCompany: [72_000_000, 79_999_999],
} as const;

/**
 * A person's CUIL as AFIP assigns it: 20 (male) or 27 (female) with the mod-11 digit, or 23 when that digit would be
 * 10 (then 9 for men, 4 for women).
 */
export function personCuil(dni: number, sexo: "M" | "F"): string {
  const body = String(dni).padStart(8, "0");
  return withCheckDigit(sexo === "M" ? "20" : "27", body) ?? `23${body}${sexo === "M" ? 9 : 4}`;
}

/** A company's CUIT: 30 with its digit, or 33 when 30 would need a 10; null if neither works. */
export function companyCuit(body: number): string | null {
  const b = String(body).padStart(8, "0");
  return withCheckDigit("30", b) ?? withCheckDigit("33", b);
}

export class EntityFactory {
  private readonly used = new Set<number>();

  constructor(private readonly rng: Prng) {}

  private unique(range: readonly [number, number]): number {
    for (;;) {
      const n = this.rng.int(range[0], range[1]);
      if (!this.used.has(n)) {
        this.used.add(n);
        return n;
      }
    }
  }

  person(): Entity & { dni: number } {
    const sexo = this.rng.chance(0.5) ? "M" : "F";
    const dni = this.unique(RANGES.dni);
    const first = this.rng.pick(sexo === "M" ? NOMBRES_M : NOMBRES_F);
    const second = this.rng.chance(0.6) ? ` ${this.rng.pick(sexo === "M" ? NOMBRES_M : NOMBRES_F)}` : "";
    const nombre = `${this.rng.pick(APELLIDOS)} ${first}${second === ` ${first}` ? "" : second}`;
    return { cuit: personCuil(dni, sexo), persona: true, sexo, nombre, forma: null, dni };
  }

  company(): Entity {
    for (;;) {
      const cuit = companyCuit(this.unique(RANGES.company));
      if (!cuit) continue;
      const forma = this.rng.weighted(FORMAS.map((f) => [f, f.peso] as const));
      const base = this.rng.chance(0.25)
        ? `${this.rng.pick(APELLIDOS)} ${this.rng.chance(0.5) ? "HNOS." : `Y ${this.rng.pick(APELLIDOS)}`}`
        : `${this.rng.pick(RAZON_A)} ${this.rng.pick(RAZON_B)}`;
      return { cuit, persona: false, sexo: null, nombre: `${base} ${forma.sigla}`, forma };
    }
  }
}
