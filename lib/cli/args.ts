import { DomainError } from "@/lib/errors";

export type Flags = Record<string, string | true | string[]>;

/** Parses `--name value` pairs and bare `--switch` flags; a flag given several times keeps every value. */
export function parseFlags(argv: string[]): Flags {
  const flags: Flags = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith("--") || arg.length < 3) {
      throw new DomainError("argumento_invalido", { text: `Unexpected argument "${arg}". Flags look like --name value.` });
    }
    const name = arg.slice(2);
    const next = argv[i + 1];
    if (next === undefined || next.startsWith("--")) flags[name] = true;
    else {
      const seen = flags[name];
      flags[name] = typeof seen === "string" ? [seen, next] : Array.isArray(seen) ? [...seen, next] : next;
      i++;
    }
  }
  return flags;
}

/** Reads flags against a command's declaration: unknown flags and missing required ones are errors. */
export class FlagReader {
  constructor(
    private readonly flags: Flags,
    allowed: readonly string[],
  ) {
    for (const name of Object.keys(flags)) {
      if (!allowed.includes(name)) throw new DomainError("argumento_invalido", { text: `Unknown flag --${name}.` });
    }
  }

  string(name: string): string;
  string(name: string, optional: "optional"): string | undefined;
  string(name: string, optional?: "optional"): string | undefined {
    const value = this.flags[name];
    if (value === undefined) {
      if (optional) return undefined;
      throw new DomainError("argumento_faltante", { text: `Missing required flag --${name}.` });
    }
    if (value === true) throw new DomainError("argumento_invalido", { text: `Flag --${name} needs a value.` });
    if (Array.isArray(value)) throw new DomainError("argumento_invalido", { text: `Flag --${name} is given more than once.` });
    return value;
  }

  /** A flag that may be repeated (`--file a --file b`): every value, in order; at least one. */
  strings(name: string): string[] {
    const value = this.flags[name];
    if (value === undefined) throw new DomainError("argumento_faltante", { text: `Missing required flag --${name}.` });
    if (value === true) throw new DomainError("argumento_invalido", { text: `Flag --${name} needs a value.` });
    return Array.isArray(value) ? value : [value];
  }

  integer(name: string, optional?: "optional"): number | undefined {
    const raw = optional ? this.string(name, optional) : this.string(name);
    if (raw === undefined) return undefined;
    if (!/^-?\d+$/.test(raw)) throw new DomainError("argumento_invalido", { text: `--${name} must be an integer, got "${raw}".` });
    return Number(raw);
  }

  switch(name: string): boolean {
    const value = this.flags[name];
    if (value !== undefined && value !== true) {
      throw new DomainError("argumento_invalido", { text: `--${name} is a switch and takes no value.` });
    }
    return value === true;
  }
}
