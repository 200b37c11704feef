import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Base62 of `bytes` random bytes, left-padded to the full width so every value has the same length. */
export function randomBase62(bytes: number): string {
  let n = BigInt(`0x${randomBytes(bytes).toString("hex")}`);
  const width = Math.ceil((bytes * 8) / Math.log2(62));
  let out = "";
  while (n > 0n) {
    out = ALPHABET[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out.padStart(width, "0");
}

/** Every prefixed id of the app comes from this table. */
const PREFIXES = {
  account: "acc",
  user: "usr",
  key: "key",
  report: "inf",
  order: "ord",
  planRequest: "sol",
  batch: "lot",
  event: "evt",
  webhook: "whk",
  delivery: "msg",
} as const;

export type IdKind = keyof typeof PREFIXES;

export const newId = (kind: IdKind): string => `${PREFIXES[kind]}_${randomBase62(12)}`;

/** True when `value` has the shape of an id of `kind` (cheap check before touching the database). */
export const isId = (kind: IdKind, value: string): boolean =>
  new RegExp(`^${PREFIXES[kind]}_[0-9A-Za-z]{17}$`).test(value);
