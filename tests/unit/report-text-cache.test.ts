import { describe, expect, it } from "vitest";
import { ReportTextCache } from "@/lib/reports/get";

describe("ReportTextCache", () => {
  it("keeps entries within its budget, dropping the least recently read first", () => {
    const cache = new ReportTextCache(10);
    cache.set("a", "acc_1", "aaaa");
    cache.set("b", "acc_1", "bbbb");
    expect(cache.get("a")?.text).toBe("aaaa");
    cache.set("c", "acc_2", "cccc");
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toEqual({ accountId: "acc_1", text: "aaaa" });
    expect(cache.get("c")).toEqual({ accountId: "acc_2", text: "cccc" });
    expect(cache.size).toBe(2);
  });

  it("never holds a text larger than the whole budget, and keeps the first text of an id", () => {
    const cache = new ReportTextCache(3);
    cache.set("big", "acc_1", "toolong");
    expect(cache.get("big")).toBeUndefined();
    cache.set("x", "acc_1", "one");
    cache.set("x", "acc_2", "two");
    expect(cache.get("x")).toEqual({ accountId: "acc_1", text: "one" });
  });
});
