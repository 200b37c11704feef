/** Runs once when the server starts, before it serves a request; the database comes up beside it (lib/boot.ts). */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { boot } = await import("./lib/boot");
  boot();
  (await import("./lib/boot-banner")).printBootBanner();
}
