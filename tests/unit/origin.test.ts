import { afterEach, describe, expect, it, vi } from "vitest";
import { appOrigin, isTrustedOrigin, isUnsafeMethod } from "@/lib/auth/origin";

const OWN = "https://legajo.example";
const TRUSTED = ["https://partner.example", "http://localhost:4000"];
const check = (headers: Record<string, string>) => isTrustedOrigin(new Headers(headers), OWN, TRUSTED);

describe("cross-site check for session calls", () => {
  it("trusts the app's own origin", () => {
    expect(check({ origin: OWN })).toBe(true);
  });

  it("trusts every origin in TRUSTED_ORIGINS", () => {
    expect(check({ origin: "https://partner.example" })).toBe(true);
    expect(check({ origin: "http://localhost:4000" })).toBe(true);
  });

  it.each([
    ["a foreign site", "https://evil.example"],
    ["the right host on another scheme", "http://legajo.example"],
    ["the right host on another port", "https://legajo.example:8443"],
    ["a subdomain", "https://app.legajo.example"],
    ["a look-alike suffix", "https://legajo.example.evil.example"],
    ["Origin: null (sandboxed frames, redirects)", "null"],
    ["garbage", "not a url"],
  ])("refuses %s", (_, origin) => {
    expect(check({ origin })).toBe(false);
  });

  it("refuses a request with neither Origin nor Referer", () => {
    expect(check({})).toBe(false);
  });

  it("falls back to the Referer when there is no Origin", () => {
    expect(check({ referer: `${OWN}/cuenta/claves?x=1` })).toBe(true);
    expect(check({ referer: "https://partner.example/page" })).toBe(true);
    expect(check({ referer: "https://evil.example/legajo.example" })).toBe(false);
  });

  it("lets Origin decide when both are present", () => {
    expect(check({ origin: "https://evil.example", referer: `${OWN}/cuenta` })).toBe(false);
    expect(check({ origin: "null", referer: `${OWN}/cuenta` })).toBe(false);
  });

  it("compares trusted entries by origin, so a trailing slash or path in the list still matches", () => {
    expect(isTrustedOrigin(new Headers({ origin: "https://partner.example" }), OWN, ["https://partner.example/"])).toBe(true);
  });

  it("treats POST, PUT, PATCH and DELETE as unsafe, in any case", () => {
    for (const m of ["POST", "PUT", "PATCH", "DELETE", "post"]) expect(isUnsafeMethod(m)).toBe(true);
    for (const m of ["GET", "HEAD", "OPTIONS"]) expect(isUnsafeMethod(m)).toBe(false);
  });
});

describe("the app's own origin", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it("is the origin the request was addressed to when APP_URL is unset", () => {
    vi.stubEnv("APP_URL", "");
    const req = new Request("http://localhost:3000/v1/balance", { headers: { host: "legajo.local:3000" } });
    expect(appOrigin(req)).toBe("http://legajo.local:3000");
  });

  it("is APP_URL's origin when set, whatever the Host header says", async () => {
    vi.resetModules();
    vi.stubEnv("APP_URL", "https://legajo.example/base/");
    const fresh = await import("@/lib/auth/origin");
    const req = new Request("http://10.0.0.7:3000/v1/balance", { headers: { host: "10.0.0.7:3000" } });
    expect(fresh.appOrigin(req)).toBe("https://legajo.example");
  });
});
