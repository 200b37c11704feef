import { describe, expect, it } from "vitest";
import { allSettledInOrder } from "@/lib/settled";

const later = <T>(ms: number, value: T, fail = false) =>
  new Promise<T>((resolve, reject) => setTimeout(() => (fail ? reject(new Error(String(value))) : resolve(value)), ms));

describe("allSettledInOrder", () => {
  it("returns the values in the order given", async () => {
    expect(await allSettledInOrder([later(20, "a"), "b", later(5, "c")])).toEqual(["a", "b", "c"]);
  });

  it("throws the first failure in the order given, once every one has settled", async () => {
    let lastDone = false;
    const work = [later(5, "ok"), later(30, "first", true), later(1, "second", true), later(50, "last").then((v) => ((lastDone = true), v))];
    await expect(allSettledInOrder(work)).rejects.toThrow("first");
    expect(lastDone).toBe(true);
  });
});
