import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { base62, isId, newId } from "@/lib/id";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** The definition: the bytes as one big-endian number, in base 62, padded to the width of its byte count. */
function reference(bytes: Uint8Array): string {
  let n = BigInt(`0x${Buffer.from(bytes).toString("hex") || "0"}`);
  let out = "";
  while (n > 0n) {
    out = ALPHABET[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out.padStart(Math.ceil((bytes.length * 8) / Math.log2(62)), "0");
}

describe("base62", () => {
  it("writes the bytes' number in base 62 at a fixed width, for even and odd byte counts", () => {
    for (const size of [1, 2, 3, 7, 12, 32]) {
      for (let i = 0; i < 2000; i++) {
        const bytes = randomBytes(size);
        expect(base62(bytes)).toBe(reference(bytes));
      }
      expect(base62(Buffer.alloc(size))).toBe(reference(Buffer.alloc(size)));
      expect(base62(Buffer.alloc(size, 0xff))).toBe(reference(Buffer.alloc(size, 0xff)));
    }
  });
});

describe("newId", () => {
  it("gives a prefixed id of 17 base62 characters, never twice across refills of its random pool", () => {
    const ids = Array.from({ length: 5000 }, () => newId("report"));
    for (const id of ids) expect(isId("report", id)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
