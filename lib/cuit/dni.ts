import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { srcIdentidad } from "@/db/schema";
import { currentSnapshot } from "@/lib/sources/snapshots";
import { PERSON_TYPES, withCheckDigit } from "./check-digit";
import { validateCuit, type CuitCheck } from "./validate";

/** A DNI as people write it: 7 or 8 digits, or with thousands dots in their places ("12.345.678", "1.234.567"). */
const DNI_SHAPE = /^(\d{7,8}|\d{1,2}\.\d{3}\.\d{3})$/;

/** Zero is no one's DNI; its computed CUIL (20-00000000-1) would pass every check and name no one. */
const ZERO_DNI: CuitCheck = { ok: false, reason: "formato", message: "El DNI no es válido: no puede ser cero." };

/** The DNI's 8 digits, or null when `input` is not a DNI (or is zero). */
export function parseDni(input: string): string | null {
  const trimmed = input.trim();
  if (!DNI_SHAPE.test(trimmed)) return null;
  const digits = trimmed.replaceAll(".", "").padStart(8, "0");
  return /^0+$/.test(digits) ? null : digits;
}

/**
 * The CUIL computed from a DNI when no register knows it. The sex is unknown, so prefix 20 is used; when its
 * check digit would be 10 the CUIL takes prefix 23 with check digit 9, as AFIP assigns it (for prefix 27 the
 * same rule gives 23 with check digit 4; see `computeCuil(dni, "27")`).
 */
export function computeCuil(dni: string, prefix: "20" | "27" = "20"): string {
  const body = dni.padStart(8, "0");
  return withCheckDigit(prefix, body) ?? `23${body}${prefix === "20" ? 9 : 4}`;
}

/**
 * The CUIL of a DNI in the current padrón snapshot. A DNI can map to several CUILs (prefixes 23-26 are assigned
 * when 20/27 collide); the rule is deterministic: an active clave (estado_clave ACTIVO) first, then the lowest
 * CUIL. Null when the padrón does not know the DNI.
 */
export async function cuilFromPadron(db: DbOrTx, dni: string): Promise<string | null> {
  const snapshot = await currentSnapshot(db, "identidad");
  if (!snapshot) return null;
  const [row] = await db
    .select({ cuit: srcIdentidad.cuit })
    .from(srcIdentidad)
    .where(
      and(
        inArray(srcIdentidad.snapshotId, snapshot.ids),
        // Same expression as the index src_identidad_dni_idx.
        eq(sql`substring(${srcIdentidad.cuit}, 3, 8)`, dni.padStart(8, "0")),
        inArray(sql`substring(${srcIdentidad.cuit}, 1, 2)`, [...PERSON_TYPES]),
      ),
    )
    .orderBy(sql`(${srcIdentidad.estadoClave} = 'ACTIVO') desc`, asc(srcIdentidad.cuit))
    .limit(1);
  return row?.cuit ?? null;
}

/**
 * Spec 1.9: a CUIT (11 digits, hyphens allowed) is validated; a DNI (7-8 digits) resolves to a CUIL, from the
 * padrón when it knows the DNI, otherwise computed by `computeCuil`.
 */
export async function resolveCuitOrDni(db: DbOrTx, input: string): Promise<CuitCheck> {
  const dni = parseDni(input);
  if (dni) return { ok: true, cuit: (await cuilFromPadron(db, dni)) ?? computeCuil(dni) };
  return DNI_SHAPE.test(input.trim()) ? ZERO_DNI : validateCuit(input);
}
