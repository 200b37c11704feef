import fs from "node:fs";
import path from "node:path";

/**
 * `npm run bench -- <name> [args]` runs bench/<name>.ts; without a name, every benchmark in turn.
 * Each benchmark module exports `run(args: string[]): Promise<void>` and prints its own table.
 */
const dir = import.meta.dirname;
const available = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith(".ts") && f !== "main.ts" && !f.startsWith("_"))
  .map((f) => path.basename(f, ".ts"))
  .sort();

const [name, ...args] = process.argv.slice(2);
const selected = name ? [name] : available;
for (const bench of selected) {
  if (!available.includes(bench)) {
    console.error(`Unknown benchmark "${bench}". Available: ${available.join(", ")}`);
    process.exit(2);
  }
  const mod = (await import(`./${bench}.ts`)) as { run: (args: string[]) => Promise<void> };
  console.log(`\n== ${bench} ==`);
  await mod.run(args);
}
process.exit(0);
