import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';

/** What `login` keeps: the server, the token and whose it is. */
export interface CliConfig {
  url: string;
  token: string;
  name: string;
}

/** $FOLIO_CLI_CONFIG, else ~/.config/folio-cli/config.json ($XDG_CONFIG_HOME when set). */
export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.FOLIO_CLI_CONFIG) return env.FOLIO_CLI_CONFIG;
  const base = env.XDG_CONFIG_HOME || path.join(homedir(), '.config');
  return path.join(base, 'folio-cli', 'config.json');
}

export async function readConfig(file = configPath()): Promise<CliConfig | null> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<CliConfig>;
    return parsed.url && parsed.token
      ? { url: parsed.url, token: parsed.token, name: parsed.name ?? '' }
      : null;
  } catch {
    return null;
  }
}

/** Written readable by its owner only: it holds the token. */
export async function writeConfig(config: CliConfig, file = configPath()): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  // an existing file keeps its mode through writeFile: set it anyway
  await chmod(file, 0o600);
}
