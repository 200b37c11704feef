import { setClock } from "@/lib/clock";
import { MemoryRateLimit, setRateLimiter } from "@/lib/ratelimit";

/** A clock that only moves when the test moves it. */
export interface FakeClock {
  /** Epoch milliseconds. */
  readonly ms: number;
  set(at: Date | number): void;
  advance(ms: number): void;
}

/**
 * Puts the app clock (lib/clock) and a fresh in-process rate limiter on one fake clock, so month boundaries and
 * rate-limit windows are crossed without waiting. Call `restore()` in afterEach/afterAll.
 */
export function useFakeTime(start: Date | number): FakeClock & { restore(): void } {
  let ms = typeof start === "number" ? start : start.getTime();
  setClock(() => new Date(ms));
  setRateLimiter(new MemoryRateLimit(() => ms));
  return {
    get ms() {
      return ms;
    },
    set(at) {
      ms = typeof at === "number" ? at : at.getTime();
    },
    advance(delta) {
      ms += delta;
    },
    restore() {
      setClock(null);
      setRateLimiter(null);
    },
  };
}

/** A Buenos Aires wall-clock instant (UTC-3 all year), e.g. `localTime("2030-01-31T23:59:59")`. */
export const localTime = (wallClock: string): Date => new Date(`${wallClock}-03:00`);
