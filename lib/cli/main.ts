import { closeDb, getDb, setApplicationName } from "@/db/client";
import { installDatabase } from "@/lib/database-boot";
import { stopEmbedded } from "@/db/embedded";
import { env, EnvError } from "@/lib/env";
import { DomainError } from "@/lib/errors";
import { log, logToStderr } from "@/lib/log";
import { FlagReader, parseFlags } from "./args";
import type { Command } from "./command";
import { accountCommands } from "./commands/accounts";
import { catalogCommands } from "./commands/catalog";
import { sourceCommands } from "./commands/sources";

const commands: Record<string, Command> = {
  ...accountCommands,
  ...catalogCommands,
  ...sourceCommands,
};

commands.help = {
  usage: "help",
  summary: "Lists the commands.",
  flags: [],
  needsDb: false,
  run: () =>
    Promise.resolve({
      usage: "npm run --silent admin -- <command> [--flag value]",
      commands: Object.entries(commands).map(([name, c]) => ({ name, usage: c.usage, summary: c.summary })),
    }),
};

/**
 * `npm run --silent admin -- <command> [--flag value]`: prints exactly one JSON object on stdout and exits 0,
 * or prints `{"error", "message"}` and exits 1. Logs go to stderr.
 */
async function main(argv: string[]): Promise<number> {
  logToStderr();
  setApplicationName("legajo-cli");
  installDatabase();
  const [name = "help", ...rest] = argv;
  let output: Record<string, unknown>;
  let code = 0;
  try {
    const command = commands[name];
    if (!command) throw new DomainError("comando_desconocido", { text: `Unknown command "${name}". Run "help" for the list.` });
    const flags = new FlagReader(parseFlags(rest), command.flags);
    // A wrong setting is reported as such, before a connection attempt turns it into a boot failure.
    if (command.needsDb !== false) env();
    output = await command.run(flags, command.needsDb === false ? (undefined as never) : await getDb());
  } catch (e) {
    code = 1;
    // An import that stops at a bad line lists the lines it refused (file, line, column, reason).
    if (e instanceof DomainError) output = { error: e.code, message: e.message, ...(e.extra.bad_lines ? { bad_lines: e.extra.bad_lines } : {}) };
    else if (e instanceof EnvError) output = { error: "invalid_configuration", message: e.message };
    else {
      // The detail (a failed query's text, a driver's message) goes to the log on stderr, never to the output.
      log().error({ err: e }, "command failed");
      output = { error: "internal", message: "Error inesperado; el detalle está en el registro (stderr)." };
    }
  }
  process.stdout.write(`${JSON.stringify(output)}\n`);
  await closeDb();
  await stopEmbedded({ ifIdle: true });
  return code;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
