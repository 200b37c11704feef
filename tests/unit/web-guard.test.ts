import { describe, expect, it } from "vitest";
import { ACTION_BODY_LIMIT, guardWebRequest } from "@/lib/http/web-guard";

const host = "legajo.example";
const headersOf = (h: Record<string, string>) => new Headers({ host, ...h });
const action = (origin: string | null, extra: Record<string, string> = {}) =>
  headersOf({ "next-action": "7f00", "content-type": "text/plain;charset=UTF-8", ...(origin === null ? {} : { origin }), ...extra });

describe("web requests Next would answer with a 500", () => {
  it.each(["/informes/%ZZ", "/files/%zz/a.parquet", "/datasets/%E0%A4%A", "/%", "/cuenta/pedidos/%GG"])("refuses the malformed path %s with 400", (path) => {
    expect(guardWebRequest("GET", path, headersOf({}), [])?.status).toBe(400);
  });

  it("lets well-formed percent-encoding through", () => {
    expect(guardWebRequest("GET", "/datasets/a%20b", headersOf({}), [])).toBeNull();
    expect(guardWebRequest("GET", "/informes/%C3%B1", headersOf({}), [])).toBeNull();
  });

  it.each(["https://evil.example", "null", "not a url", "http://legajo.example.evil.example"])("refuses a server action from Origin %j with 400", (origin) => {
    expect(guardWebRequest("POST", "/cuenta/claves", action(origin), [])?.status).toBe(400);
  });

  it("refuses a form post (an action without JavaScript) from a foreign Origin", () => {
    for (const type of ["multipart/form-data; boundary=x", "application/x-www-form-urlencoded"]) {
      expect(guardWebRequest("POST", "/signup", headersOf({ origin: "https://evil.example", "content-type": type }), [])?.status).toBe(400);
    }
  });

  it("lets the app's own origin, the forwarded host and TRUSTED_ORIGINS through, as Next does", () => {
    expect(guardWebRequest("POST", "/cuenta/claves", action("https://legajo.example"), [])).toBeNull();
    expect(guardWebRequest("POST", "/cuenta/claves", action("https://app.example", { "x-forwarded-host": "app.example" }), [])).toBeNull();
    expect(guardWebRequest("POST", "/cuenta/claves", action("https://partner.example"), ["https://partner.example"])).toBeNull();
  });

  it("refuses a server action whose body is over the limit with 413 before Next reads it", () => {
    const sized = (n: number) => action("https://legajo.example", { "content-length": String(n) });
    expect(guardWebRequest("POST", "/signup", sized(ACTION_BODY_LIMIT + 1), [])?.status).toBe(413);
    expect(guardWebRequest("POST", "/signup", sized(ACTION_BODY_LIMIT), [])).toBeNull();
  });

  it("leaves an action without Origin to the action's own check", () => {
    expect(guardWebRequest("POST", "/cuenta/claves", action(null), [])).toBeNull();
  });

  it("leaves requests that are not server actions alone, whatever their Origin", () => {
    expect(guardWebRequest("GET", "/planes", headersOf({ origin: "https://evil.example" }), [])).toBeNull();
    expect(guardWebRequest("POST", "/x", headersOf({ origin: "https://evil.example", "content-type": "application/json" }), [])).toBeNull();
  });
});
