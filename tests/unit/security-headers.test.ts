import { describe, expect, it } from "vitest";
import { strictTransportSecurity } from "@/lib/http/strict-transport";
import { ACTION_BODY_LIMIT } from "@/lib/http/web-guard";
import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD } from "next/constants";
import nextConfig from "@/next.config";

async function headersOfEveryPath(phase = PHASE_PRODUCTION_BUILD): Promise<Map<string, string>> {
  const rules = (await nextConfig(phase).headers?.()) ?? [];
  const all = rules.find((r) => r.source === "/:path*");
  expect(all, "a header rule for every path").toBeDefined();
  return new Map(all!.headers.map((h) => [h.key.toLowerCase(), h.value]));
}

describe("security headers of every response", () => {
  it("send nosniff, the referrer policy and a frame ban", async () => {
    const h = await headersOfEveryPath();
    expect(h.get("x-content-type-options")).toBe("nosniff");
    expect(h.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(h.get("x-frame-options")).toBe("DENY");
  });

  it("send a Content-Security-Policy that only allows this origin and no framing", async () => {
    const csp = (await headersOfEveryPath()).get("content-security-policy") ?? "";
    const directives = new Map(csp.split(";").map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
    expect(directives.get("default-src")).toEqual(["'self'"]);
    expect(directives.get("script-src")).toEqual(expect.arrayContaining(["'self'"]));
    expect(directives.get("script-src")).not.toContain("*");
    expect(directives.get("connect-src")).toEqual(["'self'"]);
    expect(directives.get("img-src")).toEqual(["'self'", "data:"]);
    expect(directives.get("object-src")).toEqual(["'none'"]);
    expect(directives.get("base-uri")).toEqual(["'self'"]);
    expect(directives.get("form-action")).toEqual(["'self'"]);
    expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
    expect(directives.get("script-src")).not.toContain("'unsafe-eval'");
  });

  it("let only the development server evaluate code, for React's dev tooling", async () => {
    const csp = (await headersOfEveryPath(PHASE_DEVELOPMENT_SERVER)).get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src [^;]*'unsafe-eval'/);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("cap server-action bodies far below Next's 1 MB default, at the size the proxy refuses above", () => {
    expect(nextConfig(PHASE_PRODUCTION_BUILD).experimental?.serverActions?.bodySizeLimit).toBe("64kb");
    expect(ACTION_BODY_LIMIT).toBe(64 * 1024);
  });
});

describe("Strict-Transport-Security", () => {
  it("is sent when APP_URL is https", () => {
    expect(strictTransportSecurity("https://legajo.example.com")).toMatch(/^max-age=\d{8,}/);
  });

  it("is not sent for an http APP_URL or without one", () => {
    expect(strictTransportSecurity("http://localhost:3000")).toBeNull();
    expect(strictTransportSecurity(undefined)).toBeNull();
  });
});
