import { describe, expect, it } from "vitest";
import { localDay, localMonth, startOfLocalDay } from "@/lib/clock";

describe("Buenos Aires calendar", () => {
  it("changes day at 03:00 UTC", () => {
    expect(localDay(new Date("2026-11-26T02:59:59.999Z"))).toBe("2026-11-25");
    expect(localDay(new Date("2026-11-26T03:00:00.000Z"))).toBe("2026-11-26");
    expect(localMonth(new Date("2026-12-01T02:59:59.999Z"))).toBe("2026-11");
    expect(localMonth(new Date("2026-12-01T03:00:00.000Z"))).toBe("2026-12");
    expect(startOfLocalDay("2026-11-26").toISOString()).toBe("2026-11-26T03:00:00.000Z");
  });

  it("agrees with the time zone database from 2010 to 2035", () => {
    const zone = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Argentina/Buenos_Aires", year: "numeric", month: "2-digit", day: "2-digit" });
    const differing: string[] = [];
    // An uneven step (2 h 17 min 13.7 s): over the years the instants fall at every time of day.
    for (let t = Date.UTC(2010, 0, 1); t < Date.UTC(2035, 0, 1); t += 8_233_700) {
      const d = new Date(t);
      if (zone.format(d) !== localDay(d)) differing.push(d.toISOString());
    }
    expect(differing).toEqual([]);
  });
});
