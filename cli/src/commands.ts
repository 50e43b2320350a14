import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { accountCalls } from '../../src/shared/api/accounts.ts';
import { importCalls } from '../../src/shared/api/import.ts';
import { itemCalls } from '../../src/shared/api/items.ts';
import { libraryExportCalls } from '../../src/shared/api/library-export.ts';
import { ApiError, FolioClient } from './client.ts';
import { type CliConfig, configPath, readConfig, writeConfig } from './config.ts';

/** Where a command writes: results to out, progress and problems to err. */
export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
  env: NodeJS.ProcessEnv;
}

/** A mistake of the user's (a missing argument, no login): said plainly, exit code 2. */
export class UsageError extends Error {}

const pollMs = (io: Io) => Number(io.env.FOLIO_CLI_POLL_MS) || 1000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function signedIn(io: Io): Promise<{ client: FolioClient; config: CliConfig }> {
  const config = await readConfig(configPath(io.env));
  if (!config) throw new UsageError('Not logged in: run folio-cli login <url> <token> first.');
  return { client: new FolioClient(config), config };
}

/** Checks the token by asking whose it is, then keeps the server, token and name (mode 0600). */
export async function login(io: Io, url: string | undefined, token: string | undefined) {
  if (!url || !token) throw new UsageError('Usage: folio-cli login <url> <token>');
  let base: URL;
  try {
    base = new URL(url);
  } catch {
    throw new UsageError(`Not an address: ${url}`);
  }
  const client = new FolioClient({ url: base.origin, token });
  const info = await client.call(accountCalls.userInfo);
  if (!info.name) throw new ApiError('The server did not accept the token.', 401);
  const file = configPath(io.env);
  await writeConfig({ url: base.origin, token, name: info.name }, file);
  io.out(`Logged in to ${base.origin} as ${info.name} (kept in ${file}).`);
}

export async function save(io: Io, url: string | undefined, tags: string | undefined) {
  if (!url) throw new UsageError('Usage: folio-cli save <url> [--tags a,b]');
  const { client } = await signedIn(io);
  const reply = await client.call(itemCalls.saveBookmark, {
    body: { url, ...(tags !== undefined ? { tags } : {}) },
  });
  const item = reply.items[0]!;
  io.out(`Saved ${item.link_id}: ${item.title}`);
}

/** One line per item: link_id, title and address, tab-separated (easy to cut or grep). */
export async function search(io: Io, query: string | undefined) {
  if (!query) throw new UsageError('Usage: folio-cli search <query>');
  const { client } = await signedIn(io);
  const reply = await client.call(itemCalls.search, { query: { what: query, count: 96 } });
  for (const item of reply.items) io.out(`${item.link_id}\t${item.title}\t${item.url}`);
  io.err(`${reply.total} found${reply.total > reply.items.length ? `, ${reply.items.length} shown` : ''}.`);
}

/** Starts the export, waits for it, and downloads the file (to --out, or the current directory). */
export async function exportLibrary(io: Io, format: string | undefined, out: string | undefined) {
  if (!format) throw new UsageError('Usage: folio-cli export --format <format> [--out <file>]');
  const { client } = await signedIn(io);
  const { job_id } = await client.call(libraryExportCalls.start, { body: { format } });
  io.err(`Export ${job_id} started.`);
  for (;;) {
    const status = await client.call(libraryExportCalls.status, { params: { job_id } });
    if (status.state === 'failed') throw new ApiError(status.message || 'The export failed.', 500);
    if (status.download_url) {
      const file = await client.download(status.download_url, out, `folio-export-${job_id}`);
      io.out(`Exported to ${file}`);
      return;
    }
    await pause(pollMs(io));
  }
}

/** Sends the file, then follows the import until it is done and tells what it did. */
export async function importFile(io: Io, file: string | undefined, format: string | undefined) {
  if (!file) throw new UsageError('Usage: folio-cli import <file> [--format <format>]');
  const { client } = await signedIn(io);
  const form = new FormData();
  form.append('format', format ?? '');
  form.append('file', new Blob([await readFile(file)]), path.basename(file));
  const { job_id } = await client.call(importCalls.start, { form });
  io.err(`Import ${job_id} queued.`);
  for (;;) {
    const status = await client.call(importCalls.status, { params: { job_id } });
    if (status.state === 'failed') throw new ApiError(status.message || 'The import failed.', 500);
    if (status.state === 'done') {
      io.out(
        `Imported ${status.file_name} (${status.format_label}): ${status.added} added, ${status.merged} merged, ` +
          `${status.skipped} skipped, ${status.failed} failed.`,
      );
      for (const problem of status.errors) io.err(`  ${JSON.stringify(problem)}`);
      return;
    }
    await pause(pollMs(io));
  }
}
