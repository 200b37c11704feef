import fs from "node:fs";
import path from "node:path";

/**
 * `npm run bench -- <name> [args]` runs bench/<name>.ts; without a name (or with options only), the whole suite
 * (bench/suite.ts), which runs the others and prints one table. Each benchmark module exports
 * `run(args: string[]): Promise<void>` and prints its own figures.
 */
const dir = import.meta.dirname;
const available = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith(".ts") && f !== "main.ts" && !f.startsWith("_"))
  .map((f) => path.basename(f, ".ts"))
  .sort();

const argv = process.argv.slice(2);
const [name, ...args] = argv[0] && !argv[0].startsWith("--") ? argv : ["suite", ...argv];
if (!available.includes(name)) {
  console.error(`Unknown benchmark "${name}". Available: ${available.join(", ")}`);
  process.exit(2);
}
const mod = (await import(`./${name}.ts`)) as { run: (args: string[]) => Promise<void> };
console.log(`\n== ${name} ==`);
await mod.run(args);
process.exit(0);
