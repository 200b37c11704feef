import { describe, expect, it } from "vitest";
import { clientIp, PEER_HEADER } from "@/lib/http/client-ip";

const headers = (h: Record<string, string>) => new Headers(h);
const behindProxy = (xff: string) => headers({ [PEER_HEADER]: "10.0.0.1", "x-forwarded-for": xff });

describe("client IP", () => {
  it("is the socket address without TRUST_PROXY, ignoring X-Forwarded-For", () => {
    expect(clientIp(headers({ [PEER_HEADER]: "10.1.1.1", "x-forwarded-for": "203.0.113.9" }), 0)).toBe("10.1.1.1");
  });

  it("is the entry the one trusted proxy appended (the rightmost) with TRUST_PROXY=1", () => {
    expect(clientIp(behindProxy("203.0.113.9"), 1)).toBe("203.0.113.9");
    expect(clientIp(behindProxy(" 198.51.100.1 , 203.0.113.9 "), 1)).toBe("203.0.113.9");
  });

  it("is the N-th entry from the right with N trusted proxies", () => {
    // client -> CDN -> load balancer -> app: the balancer appended the CDN's address, the CDN the client's.
    expect(clientIp(behindProxy("203.0.113.9, 192.0.2.50"), 2)).toBe("203.0.113.9");
    expect(clientIp(behindProxy("198.51.100.1, 203.0.113.9, 192.0.2.50"), 2)).toBe("203.0.113.9");
    expect(clientIp(behindProxy("198.51.100.1, 203.0.113.9, 192.0.2.50, 192.0.2.60"), 3)).toBe("203.0.113.9");
  });

  it("does not let a client choose its address by prepending X-Forwarded-For entries", () => {
    // The client sent "X-Forwarded-For: 1.2.3.4, 5.6.7.8"; the trusted proxy appended the real address.
    for (const forged of ["1.2.3.4", "1.2.3.4, 5.6.7.8", "victim, victim, victim"]) {
      expect(clientIp(behindProxy(`${forged}, 203.0.113.9`), 1)).toBe("203.0.113.9");
      expect(clientIp(behindProxy(`${forged}, 203.0.113.9, 192.0.2.50`), 2)).toBe("203.0.113.9");
    }
  });

  it("reads the combined value of repeated X-Forwarded-For headers, rightmost last", () => {
    const h = new Headers();
    h.append(PEER_HEADER, "10.0.0.1");
    h.append("x-forwarded-for", "1.2.3.4");
    h.append("x-forwarded-for", "203.0.113.9");
    expect(clientIp(h, 1)).toBe("203.0.113.9");
  });

  it("is the leftmost entry when there are fewer entries than trusted proxies (every one was written by a proxy)", () => {
    expect(clientIp(behindProxy("203.0.113.9"), 2)).toBe("203.0.113.9");
    expect(clientIp(behindProxy("203.0.113.9, 192.0.2.50"), 5)).toBe("203.0.113.9");
  });

  it("falls back to the socket address behind a proxy that sent no X-Forwarded-For", () => {
    expect(clientIp(headers({ [PEER_HEADER]: "10.1.1.1" }), 1)).toBe("10.1.1.1");
    expect(clientIp(headers({ [PEER_HEADER]: "10.1.1.1", "x-forwarded-for": " , " }), 1)).toBe("10.1.1.1");
  });

  it("groups requests with no known address under one name instead of failing", () => {
    expect(clientIp(headers({}), 0)).toBe("unknown");
    expect(clientIp(headers({}), 1)).toBe("unknown");
  });
});
