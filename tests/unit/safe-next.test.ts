import { describe, expect, it } from "vitest";
import { DEFAULT_NEXT, safeNext } from "@/lib/auth/safe-next";

describe("safeNext: the post-login destination", () => {
  it.each([
    ["/cuenta", "/cuenta"],
    ["/informes/inf_123", "/informes/inf_123"],
    ["/informes/nuevo?cuit=20123456786", "/informes/nuevo?cuit=20123456786"],
    ["/datasets/deudores#snapshot", "/datasets/deudores#snapshot"],
    // Normalised the way a browser would before navigating.
    ["/cuenta/../informes", "/informes"],
    ["/informes/%5Cx", "/informes/%5Cx"],
    // Still percent-encoded: a browser asks this site for that odd path, it does not leave.
    ["/%09/evil.example/", "/%09/evil.example/"],
  ])("keeps the same-site path %j as %j", (input, expected) => {
    expect(safeNext(input)).toBe(expected);
  });

  it.each([
    // Tab, newline and CR are dropped by URL parsers, so these become //evil.example in a browser.
    "/\t/evil.example/",
    "/\n/evil.example/",
    "/\r/evil.example/",
    "/\u0000/evil.example",
    "/\u007f/evil.example",
    "/\u0085/evil.example",
    // Protocol-relative, with slashes or backslashes.
    "//evil.example",
    "//evil.example/cuenta",
    "/\\evil.example",
    "/\\/evil.example",
    "\\\\evil.example",
    // Paths that normalise to a protocol-relative one.
    "/.//evil.example",
    "/..//evil.example",
    "/%2e//evil.example",
    "/%2e%2e//evil.example",
    "/cuenta/..//evil.example",
    // Absolute URLs and other schemes.
    "https://evil.example/",
    "http://legajo.invalid/cuenta",
    "javascript:alert(1)",
    "data:text/html,hi",
    // Not a path at all.
    "evil.example",
    "cuenta",
    "",
  ])("refuses %j", (input) => {
    expect(safeNext(input)).toBe(DEFAULT_NEXT);
  });

  it("decodes a query parameter once, as Next does, and judges the decoded text", () => {
    // What /login?next=%2F%09%2Fevil.example%2F arrives as.
    expect(safeNext(decodeURIComponent("%2F%09%2Fevil.example%2F"))).toBe(DEFAULT_NEXT);
    expect(safeNext(decodeURIComponent("%2F%0A%2Fevil.example"))).toBe(DEFAULT_NEXT);
    expect(safeNext(decodeURIComponent("%2F%0D%2Fevil.example"))).toBe(DEFAULT_NEXT);
    expect(safeNext(decodeURIComponent("%2F%5Cevil.example"))).toBe(DEFAULT_NEXT);
    // Still encoded after one decoding: it stays a path segment of this site.
    expect(safeNext(decodeURIComponent("%2F%252F%252Fevil.example"))).toBe("/%2F%2Fevil.example");
  });

  it("falls back to the given default when there is no next at all", () => {
    expect(safeNext(undefined)).toBe(DEFAULT_NEXT);
    expect(safeNext(null, "/")).toBe("/");
    expect(safeNext("//evil.example", "/informes")).toBe("/informes");
  });

  it("refuses a repeated next (?next=/a&next=//evil.example) instead of picking one", () => {
    expect(safeNext(["/informes", "//evil.example"])).toBe(DEFAULT_NEXT);
  });

  it("never returns anything a browser could read as another host", () => {
    const hostile = ["/%09/a", "/\\a", "//a", "/.//a", "https://a", "/\t\\a", "/ //a"];
    for (const input of hostile) {
      const out = safeNext(input);
      expect(new URL(out, "https://legajo.example").origin).toBe("https://legajo.example");
      expect(out.startsWith("//")).toBe(false);
    }
  });
});
