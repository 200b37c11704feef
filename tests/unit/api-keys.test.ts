import { describe, expect, it } from "vitest";
import { displayStart, generateKey, hashKey, isWellFormedKey, KEY_PREFIX, MAX_ACTIVE_KEYS, DEFAULT_KEY_DAYS } from "@/lib/auth/api-keys";

describe("API key format", () => {
  it("is lgj_ followed by 32 random bytes in base62 (43 characters)", () => {
    const key = generateKey();
    expect(KEY_PREFIX).toBe("lgj_");
    expect(key).toMatch(/^lgj_[0-9A-Za-z]{43}$/);
    expect(isWellFormedKey(key)).toBe(true);
  });

  it("never repeats a key", () => {
    const keys = new Set(Array.from({ length: 2000 }, generateKey));
    expect(keys.size).toBe(2000);
  });

  it("keeps the full width even when the random number is small (left padding)", () => {
    for (let i = 0; i < 500; i++) expect(generateKey()).toHaveLength(4 + 43);
  });

  it.each([
    ["no prefix", "A".repeat(43)],
    ["another prefix", `sk_${"A".repeat(43)}`],
    ["upper-case prefix", `LGJ_${"A".repeat(43)}`],
    ["one character short", `lgj_${"A".repeat(42)}`],
    ["one character long", `lgj_${"A".repeat(44)}`],
    ["a character outside base62", `lgj_${"A".repeat(42)}-`],
    ["whitespace inside", `lgj_${"A".repeat(21)} ${"A".repeat(21)}`],
    ["empty", ""],
  ])("rejects a malformed key: %s", (_, key) => {
    expect(isWellFormedKey(key)).toBe(false);
  });

  it("stores the SHA-256 of the full key in hex", () => {
    // FIPS 180-2 test vector.
    expect(hashKey("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    const key = generateKey();
    expect(hashKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashKey(key)).toBe(hashKey(key));
    expect(hashKey(key)).not.toContain(key.slice(4));
  });

  it("gives two keys different hashes", () => {
    expect(hashKey(generateKey())).not.toBe(hashKey(generateKey()));
  });

  it("shows only the prefix and four characters", () => {
    const key = generateKey();
    expect(displayStart(key)).toBe(key.slice(0, 8));
    expect(displayStart(key)).toMatch(/^lgj_[0-9A-Za-z]{4}$/);
  });

  it("allows 10 active keys per account with a default validity of one year (spec 8.2)", () => {
    expect(MAX_ACTIVE_KEYS).toBe(10);
    expect(DEFAULT_KEY_DAYS).toBe(365);
  });
});
