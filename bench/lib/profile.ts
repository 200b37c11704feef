import fs from "node:fs";
import path from "node:path";

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame comes from, short: a package name, or a path of ours (bundled chunks keep their module paths). */
export function origin(url: string): string {
  if (!url) return "(native)";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg && !url.includes("/.next")) return pkg[1];
  if (url.startsWith("node:")) return url;
  return path.relative(process.cwd(), url.replace(/^file:\/\//, "")) || url;
}

/**
 * Summarises a V8 CPU profile (node --cpu-prof): self time by function and by origin (package or file), the
 * first question when a route costs more than it should.
 */
export function summariseProfile(file: string, top = 25): string {
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const fns = new Map<string, number>();
  const origins = new Map<string, number>();
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const o = origin(url);
    const key = `${functionName || "(anonymous)"}  ${o}:${lineNumber + 1}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
    origins.set(o, (origins.get(o) ?? 0) + us);
  }
  // Inclusive time of the app's own bundled functions (route handlers, wrapper, services, drizzle, postgres.js):
  // a function counted once per sample even when it recurses.
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map<string, number>();
  for (const [id, us] of self) {
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const { functionName, url, lineNumber } = byId.get(cur)!.callFrame;
      if (!url.includes("/.next") || !functionName) continue;
      const key = `${functionName}  ${origin(url)}:${lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + us);
    }
  }
  const list = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, us]) => `  ${((100 * us) / total).toFixed(1).padStart(5)}%  ${k}`)
      .join("\n");
  return `${(total / 1e6).toFixed(1)} s of samples in ${path.basename(file)}\n\nself time by origin:\n${list(origins)}\n\nself time by function:\n${list(fns)}\n\ninclusive time of bundled functions:\n${list(inclusive)}`;
}

/** The newest profile written in `dir`. */
export function newestProfile(dir: string): string | null {
  if (!fs.existsSync(dir)) return null;
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .map((f) => path.join(dir, f))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  return files[0] ?? null;
}
