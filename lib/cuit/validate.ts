import { checkDigit, isCuitType } from "./check-digit";

export type CuitReason = "formato" | "tipo" | "digito_verificador";
export type CuitCheck = { ok: true; cuit: string } | { ok: false; reason: CuitReason; message: string };

const MESSAGES: Record<CuitReason, string> = {
  formato: "El CUIT debe tener 11 dígitos (con o sin guiones).",
  tipo: "El CUIT empieza con un tipo inexistente: los válidos son 20, 23, 24, 25, 26, 27, 30, 33 y 34.",
  digito_verificador: "El dígito verificador del CUIT no coincide. Revisá que esté bien escrito.",
};

const fail = (reason: CuitReason): CuitCheck => ({ ok: false, reason, message: MESSAGES[reason] });

/**
 * The two ways a CUIT is written: 11 digits, or hyphenated after the type and before the check digit
 * ("20-12345678-6"; either hyphen may be left out). A hyphen anywhere else, or anything after the check digit, is
 * not a CUIT: removing every hyphen would have accepted "20123456786-" or "2-0123456786".
 */
const CUIT_SHAPE = /^(\d{2})-?(\d{8})-?(\d)$/;

/**
 * Spec 4.1 rule 5: `formato` (not a CUIT as written above), `tipo` (unknown first two digits) or
 * `digito_verificador` (mod 11; a computed 10 is never valid). Surrounding whitespace is ignored.
 */
export function validateCuit(input: string): CuitCheck {
  const shape = CUIT_SHAPE.exec(input.trim());
  if (!shape) return fail("formato");
  const cuit = shape.slice(1).join("");
  if (!isCuitType(cuit.slice(0, 2))) return fail("tipo");
  if (checkDigit(cuit.slice(0, 10)) !== Number(cuit[10])) return fail("digito_verificador");
  return { ok: true, cuit };
}

/** "NN-NNNNNNNN-N". Accepts the 11 digits with or without hyphens. */
export function formatCuit(cuit: string): string {
  const digits = cuit.replaceAll("-", "");
  if (!/^\d{11}$/.test(digits)) throw new Error(`Not a CUIT: "${cuit}"`);
  return `${digits.slice(0, 2)}-${digits.slice(2, 10)}-${digits.slice(10)}`;
}
