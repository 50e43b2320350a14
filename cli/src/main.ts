import { pathToFileURL } from 'node:url';
import { ApiError } from './client.ts';
import { exportLibrary, type Io, importFile, login, save, search, UsageError } from './commands.ts';

export const HELP = `folio-cli: Folio from the command line, with a personal access token (Settings > Developer)

  folio-cli login <url> <token>              check the token and keep it ($FOLIO_CLI_CONFIG or ~/.config/folio-cli/config.json)
  folio-cli save <url> [--tags a,b]          save a bookmark
  folio-cli search <query>                   search the library (Folio's search syntax)
  folio-cli export --format <f> [--out f]    export the whole library and download it
  folio-cli import <file> [--format <f>]     import a file from another service and wait for it
`;

/** Positional arguments and --name value (or --name=value) options. */
export function parseArgs(argv: string[]): { args: string[]; options: Record<string, string> } {
  const args: string[] = [];
  const options: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (!arg.startsWith('--') || arg === '--') {
      args.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (inline !== undefined) options[name] = inline;
    else if (name === 'help') options.help = 'yes';
    else {
      const value = argv[i + 1];
      if (value === undefined) throw new UsageError(`--${name} needs a value.`);
      options[name] = value;
      i += 1;
    }
  }
  return { args, options };
}

/** Runs one command; answers the exit code (0 done, 1 the server refused or failed, 2 a usage mistake). */
export async function main(argv: string[], io: Io = defaultIo()): Promise<number> {
  try {
    const { args, options } = parseArgs(argv);
    const [command, ...rest] = args;
    switch (options.help ? 'help' : command) {
      case 'login':
        await login(io, rest[0], rest[1]);
        break;
      case 'save':
        await save(io, rest[0], options.tags);
        break;
      case 'search':
        await search(io, rest.join(' ') || undefined);
        break;
      case 'export':
        await exportLibrary(io, options.format, options.out);
        break;
      case 'import':
        await importFile(io, rest[0], options.format);
        break;
      case 'help':
      case undefined:
        io.out(HELP);
        break;
      default:
        throw new UsageError(`Unknown command: ${command}\n\n${HELP}`);
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(error.message);
      return 2;
    }
    if (error instanceof ApiError) {
      io.err(`Folio answered ${error.status}: ${error.message}`);
      return 1;
    }
    io.err(`folio-cli failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

function defaultIo(): Io {
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    env: process.env,
  };
}

// `npm run folio-cli -- ...` runs this file itself
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exitCode = await main(process.argv.slice(2));
