import { describe, expect, it } from "vitest";
import { clientIp, PEER_HEADER } from "@/lib/http/client-ip";

const headers = (h: Record<string, string>) => new Headers(h);

describe("client IP", () => {
  it("is the socket address without TRUST_PROXY, ignoring X-Forwarded-For", () => {
    expect(clientIp(headers({ [PEER_HEADER]: "10.1.1.1", "x-forwarded-for": "203.0.113.9" }), false)).toBe("10.1.1.1");
  });

  it("is the first X-Forwarded-For entry with TRUST_PROXY=true", () => {
    expect(clientIp(headers({ [PEER_HEADER]: "10.1.1.1", "x-forwarded-for": " 203.0.113.9 , 10.0.0.2, 10.0.0.3" }), true)).toBe("203.0.113.9");
  });

  it("falls back to the socket address behind a proxy that sent no X-Forwarded-For", () => {
    expect(clientIp(headers({ [PEER_HEADER]: "10.1.1.1" }), true)).toBe("10.1.1.1");
    expect(clientIp(headers({ [PEER_HEADER]: "10.1.1.1", "x-forwarded-for": " , " }), true)).toBe("10.1.1.1");
  });

  it("groups requests with no known address under one name instead of failing", () => {
    expect(clientIp(headers({}), false)).toBe("unknown");
  });
});
