/**
 * How a throttled sign-in travels and reads, shared by the server and the login page (so it imports nothing).
 * next-auth hands a failed `authorize` to the page as a bare string; a throttled one is `throttled:<seconds>`.
 */
export const THROTTLED = "throttled";

export const throttledFailure = (seconds: number): string => `${THROTTLED}:${seconds}`;

/** The seconds to wait that a `throttled:<seconds>` failure carries, or null for any other failure. */
export function throttledSeconds(error: string | null | undefined): number | null {
  const match = /^throttled:(\d+)$/.exec(error ?? "");
  return match ? Number(match[1]) : null;
}

/** "Esperá 3 minutos", "Esperá 40 segundos": how long, the way a person would say it. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `Esperá ${seconds} ${seconds === 1 ? "segundo" : "segundos"}`;
  const minutes = Math.ceil(seconds / 60);
  return `Esperá ${minutes} ${minutes === 1 ? "minuto" : "minutos"}`;
}

export const tooManyAttemptsText = (seconds: number): string => `Demasiados intentos. ${waitText(seconds)} y probá de nuevo.`;
