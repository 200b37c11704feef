/** Where a visitor lands after signing in when `next` is absent or refused. */
export const DEFAULT_NEXT = "/cuenta";

/**
 * A stand-in origin to resolve `next` against. Any origin would do: what matters is whether the parsed URL stays
 * on it. It is not the app's own, so that the answer does not depend on the request (and the same function runs
 * in the browser).
 */
const BASE = "http://legajo.invalid";

/** C0 controls, DEL and C1 controls: the URL parser silently drops tab, CR and LF, which is how `/\t/evil` slips by. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * The post-login destination: `value` when it is a path of this site, otherwise `fallback`. Decided on the parsed
 * and normalised URL, not on the raw text, because browsers normalise before they navigate (`/\evil.example` and
 * `/%09/evil.example` both end up on another host). Returns the normalised path, query and fragment, never a
 * scheme or a host, and never a path that starts with `//` (which a browser would read as another host).
 */
export function safeNext(value: string | readonly string[] | null | undefined, fallback: string = DEFAULT_NEXT): string {
  // A repeated `?next=` arrives as an array: ambiguous, so refused rather than guessed.
  if (typeof value !== "string" || !value.startsWith("/") || CONTROL.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith("//") ? fallback : path;
}
