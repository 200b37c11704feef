import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { assertObjectKey, isObjectKey } from "@/lib/storage/driver";
import { createLocalStorage } from "@/lib/storage/local";
import { checkObjectLink, signObjectLink } from "@/lib/storage/signing";

const key = randomBytes(32);
const object = "datasets/ar-bcra-central-deudores/12/ar-bcra-central-deudores-2026-09-30.parquet";
const NOW = 1_800_000_000;

describe("signed object links (local driver)", () => {
  it("accepts its own signature until the expiry", () => {
    const sig = signObjectLink(key, object, NOW + 3600);
    expect(sig).toMatch(/^[\w-]{43}$/);
    expect(checkObjectLink(key, object, String(NOW + 3600), sig, NOW)).toBe("ok");
    expect(checkObjectLink(key, object, String(NOW + 3600), sig, NOW + 3599)).toBe("ok");
  });

  it("refuses an expired link, even one whose signature is right", () => {
    const sig = signObjectLink(key, object, NOW);
    expect(checkObjectLink(key, object, String(NOW), sig, NOW)).toBe("expired");
    expect(checkObjectLink(key, object, String(NOW), sig, NOW + 1)).toBe("expired");
  });

  it("refuses a changed path, expiry, signature or signing key", () => {
    const exp = String(NOW + 3600);
    const sig = signObjectLink(key, object, NOW + 3600);
    expect(checkObjectLink(key, object.replace(".parquet", ".csv"), exp, sig, NOW)).toBe("invalid");
    expect(checkObjectLink(key, object, String(NOW + 7200), sig, NOW)).toBe("invalid");
    expect(checkObjectLink(key, object, exp, `${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`, NOW)).toBe("invalid");
    expect(checkObjectLink(key, object, exp, sig.slice(0, 20), NOW)).toBe("invalid");
    expect(checkObjectLink(randomBytes(32), object, exp, sig, NOW)).toBe("invalid");
  });

  it.each([
    [null, "sig"],
    ["123", null],
    ["12e3", "sig"],
    ["-5", "sig"],
    ["", ""],
  ])("refuses malformed parameters exp=%s sig=%s", (exp, sig) => {
    expect(checkObjectLink(key, object, exp, sig, NOW)).toBe("invalid");
  });

  it("builds links whose query carries exp and sig for the app's origin", async () => {
    const storage = createLocalStorage("/nonexistent", () => key);
    const url = new URL(await storage.signedUrl(object, { expiresInSeconds: 3600, origin: "https://legajo.example" }));
    expect(url.origin).toBe("https://legajo.example");
    expect(url.pathname).toBe(`/files/${object}`);
    const exp = url.searchParams.get("exp")!;
    expect(Number(exp) - Math.floor(Date.now() / 1000)).toBeGreaterThanOrEqual(3599);
    expect(checkObjectLink(key, object, exp, url.searchParams.get("sig"), Math.floor(Date.now() / 1000))).toBe("ok");
  });
});

describe("object keys", () => {
  it.each([object, "a", "datasets/x/1/x-2026-01-01.csv"])("accepts %s", (k) => expect(isObjectKey(k)).toBe(true));
  it.each(["", "/abs", "a//b", "../etc/passwd", "datasets/../x", "a/./b", "A/b", "a/b/", "a b", "a\\b", "a/..hidden"])("refuses %s", (k) => {
    expect(isObjectKey(k)).toBe(false);
    expect(() => assertObjectKey(k)).toThrow();
  });
});
