import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "@/lib/env";

function errorOf(source: Record<string, string>): EnvError {
  try {
    parseEnv(source);
  } catch (e) {
    if (e instanceof EnvError) return e;
    throw e;
  }
  throw new Error("parseEnv accepted the configuration");
}

describe("environment validation", () => {
  it("runs with no configuration at all, on the embedded defaults", () => {
    const e = parseEnv({});
    expect(e).toMatchObject({ DATA_DIR: ".data", TRUST_PROXY: 0, TRUSTED_ORIGINS: [], DATABASE_POOL_SIZE: 10, LOG_LEVEL: "info" });
    expect(e.DATABASE_URL).toBeUndefined();
    expect(e.APP_URL).toBeUndefined();
    expect(e.dataDir).toBe(path.resolve(".data"));
  });

  it("treats empty strings as unset", () => {
    const e = parseEnv({ DATABASE_URL: "", TRUST_PROXY: "", APP_URL: "", DATA_DIR: "" });
    expect(e.DATABASE_URL).toBeUndefined();
    expect(e.APP_URL).toBeUndefined();
    expect(e.TRUST_PROXY).toBe(0);
    expect(e.DATA_DIR).toBe(".data");
  });

  it("ignores variables it does not know", () => {
    expect(() => parseEnv({ PATH: "/bin", HOME: "/root" })).not.toThrow();
  });

  it("reads flags, lists and numbers", () => {
    const e = parseEnv({ TRUST_PROXY: "true", TRUSTED_ORIGINS: "https://a.example, https://b.example", DATABASE_POOL_SIZE: "25", DATA_DIR: "/tmp/x" });
    expect(e).toMatchObject({ TRUST_PROXY: 1, TRUSTED_ORIGINS: ["https://a.example", "https://b.example"], DATABASE_POOL_SIZE: 25, dataDir: "/tmp/x" });
  });

  it("reads TRUST_PROXY as a number of trusted proxy hops: true is one, false none", () => {
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "0" }).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: "10" }).TRUST_PROXY).toBe(10);
  });

  it.each([
    ["TRUST_PROXY", "yes"],
    ["TRUST_PROXY", "-1"],
    ["TRUST_PROXY", "11"],
    ["TRUST_PROXY", "1.5"],
    ["DATABASE_URL", "mysql://localhost/legajo"],
    ["DATABASE_URL", "not a url"],
    ["DATABASE_POOL_SIZE", "many"],
    ["DATABASE_POOL_SIZE", "0"],
    ["APP_URL", "legajo.example"],
    ["TRUSTED_ORIGINS", "https://ok.example,partner"],
    ["NEXTAUTH_SECRET", "short"],
    ["REDIS_URL", "http://redis:6379"],
    ["LOG_LEVEL", "loud"],
  ])("a wrong %s (%s) gives one message that names it", (name, value) => {
    const err = errorOf({ [name]: value });
    expect(err.message).toMatch(/^Invalid configuration\. /);
    expect(err.message).toMatch(new RegExp(`\\. ${name}( \\(entry \\d+\\))?: `));
    expect(err.message.split("\n")).toHaveLength(1);
  });

  it("says which entry of a list is wrong", () => {
    expect(errorOf({ TRUSTED_ORIGINS: "https://ok.example,partner" }).message).toContain("TRUSTED_ORIGINS (entry 2): ");
  });

  it("names every wrong variable in the same message", () => {
    const err = errorOf({ TRUST_PROXY: "yes", APP_URL: "nope", DATABASE_POOL_SIZE: "x" });
    for (const name of ["TRUST_PROXY", "APP_URL", "DATABASE_POOL_SIZE"]) expect(err.message).toContain(`${name}: `);
  });

  it.each([
    [{ UPSTASH_REDIS_REST_URL: "https://x.upstash.io" }, "UPSTASH_REDIS_REST_TOKEN"],
    [{ UPSTASH_REDIS_REST_TOKEN: "t" }, "UPSTASH_REDIS_REST_URL"],
    [{ S3_ACCESS_KEY_ID: "a" }, "S3_SECRET_ACCESS_KEY"],
  ])("names the missing half of a pair %#", (source, missing) => {
    expect(errorOf(source).message).toContain(`${missing}: `);
  });
});
