/** Weights of the mod-11 check digit over the first ten digits of a CUIT/CUIL. */
const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/** Valid first two digits: persons (20, 23, 24, 25, 26, 27) and companies (30, 33, 34). */
export const CUIT_TYPES = ["20", "23", "24", "25", "26", "27", "30", "33", "34"] as const;
export const PERSON_TYPES = ["20", "23", "24", "25", "26", "27"] as const;
export type CuitType = (typeof CUIT_TYPES)[number];

export const isCuitType = (prefix: string): prefix is CuitType => (CUIT_TYPES as readonly string[]).includes(prefix);

/**
 * The check digit of ten digits, or null when it computes to 10: such a number has no valid CUIT and AFIP assigns a
 * different prefix instead (23 for persons, 33 for companies).
 */
export function checkDigit(first10: string): number | null {
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += (first10.charCodeAt(i) - 48) * WEIGHTS[i];
  const digit = 11 - (sum % 11);
  if (digit === 11) return 0;
  return digit === 10 ? null : digit;
}

/** Prefix + body (8 digits) + check digit, or null when the digit would be 10. */
export function withCheckDigit(prefix: string, body: string): string | null {
  const first10 = prefix + body;
  const digit = checkDigit(first10);
  return digit === null ? null : first10 + String(digit);
}
