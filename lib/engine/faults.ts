import { SECTION_KEYS, type SectionKey } from "./types";

export type Fault = "slow" | "throw";

/** Thrown by an injected `throw` fault. */
export class InjectedFault extends Error {
  override name = "InjectedFault";
}

let lastRaw: string | undefined;
let lastParsed: Partial<Record<SectionKey, Fault>> = {};

/**
 * Faults for reliability drills, from `ENGINE_FAULTS` ("comex:slow,marcas:throw"): `slow` makes the source answer
 * only after twice its time budget, `throw` makes it fail. Read from the environment on every call (lib/env.ts
 * validates the format at start-up) so that a test or a drill can switch them without a restart of the module.
 */
export function engineFaults(raw: string | undefined = process.env.ENGINE_FAULTS): Partial<Record<SectionKey, Fault>> {
  if (raw === lastRaw) return lastParsed;
  const parsed: Partial<Record<SectionKey, Fault>> = {};
  for (const entry of (raw ?? "").split(",").map((s) => s.trim()).filter(Boolean)) {
    const [key, fault] = entry.split(":");
    if ((SECTION_KEYS as readonly string[]).includes(key) && (fault === "slow" || fault === "throw")) {
      parsed[key as SectionKey] = fault;
    }
  }
  lastRaw = raw;
  lastParsed = parsed;
  return parsed;
}

