import { randomFillSync } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * Random bytes for ids, drawn from a pool filled 4 KiB at a time: one call into the system's generator per 300 or so
 * ids. Ids are not secrets; keys draw their own bytes (lib/auth/api-keys.ts).
 */
const pool = Buffer.alloc(4096);
let offset = pool.length;

function take(bytes: number): Buffer {
  if (offset + bytes > pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  offset += bytes;
  return pool.subarray(offset - bytes, offset);
}

/**
 * Base62 of a big-endian number, left-padded to the full width of its byte count so every value has the same length.
 * It is held in 16-bit limbs and divided by 62 limb by limb until it is zero (a step's remainder times 2^16 plus a
 * limb stays far inside a double's exact range): no BigInt per id.
 */
export function base62(random: Uint8Array): string {
  const bytes = random.length;
  const limbs: number[] = [];
  // An odd count of bytes puts the lone byte in the first (most significant) limb.
  for (let i = bytes % 2 ? -1 : 0; i < bytes; i += 2) limbs.push((i < 0 ? 0 : random[i] << 8) | random[i + 1]);
  const width = Math.ceil((bytes * 8) / Math.log2(62));
  let out = "";
  let first = 0;
  while (first < limbs.length) {
    let rest = 0;
    for (let i = first; i < limbs.length; i++) {
      const value = rest * 65536 + limbs[i];
      limbs[i] = Math.floor(value / 62);
      rest = value % 62;
    }
    out = ALPHABET[rest] + out;
    while (first < limbs.length && limbs[first] === 0) first++;
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

export const newId = (kind: IdKind): string => `${PREFIXES[kind]}_${base62(take(12))}`;

/** True when `value` has the shape of an id of `kind` (cheap check before touching the database). */
export const isId = (kind: IdKind, value: string): boolean =>
  new RegExp(`^${PREFIXES[kind]}_[0-9A-Za-z]{17}$`).test(value);
