import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../test/helpers/app.ts';
import { makeToken } from '../test/helpers/tokens.ts';

const BIN = fileURLToPath(new URL('./bin/folio-cli.mjs', import.meta.url));

let t: TestApp;
let base: string;
let alice: TestClient;
let dir: string;
let config: string;
let writeToken: string;

interface Run {
  child: ChildProcess;
  /** resolves with the first line of stderr matching */
  errLine(pattern: RegExp): Promise<string>;
  done: Promise<{ code: number | null; out: string; err: string }>;
}

/** The CLI as a user runs it (`npx folio-cli`: the package's bin), against the listening app. */
function cli(args: string[], configFile = config): Run {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...process.env, FOLIO_CLI_CONFIG: configFile, FOLIO_CLI_POLL_MS: '50' },
  });
  let out = '';
  let err = '';
  const waiting: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  child.stdout!.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    err += chunk;
    for (const w of [...waiting]) {
      const line = err.split('\n').find((l) => w.pattern.test(l));
      if (line) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(line);
      }
    }
  });
  const done = new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    child.on('close', (code) => resolve({ code, out, err }));
  });
  return {
    child,
    done,
    errLine: (pattern) =>
      new Promise((resolve, reject) => {
        waiting.push({ pattern, resolve });
        void done.then(() => reject(new Error(`the CLI ended without ${pattern}: ${err}`)));
      }),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  alice = await t.signUp();
  writeToken = (await makeToken(alice, { scope: 'write' })).token;
  dir = mkdtempSync(path.join(tmpdir(), 'folio-cli-'));
  config = path.join(dir, 'nested', 'config.json');
});
afterAll(() => t.close());

describe('folio-cli', () => {
  it('logs in with a token it checks first, keeping it readable by its owner only', async () => {
    const refused = await cli(['login', base, 'folio_pat_wrong']).done;
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('Folio answered 401');
    expect(() => statSync(config)).toThrow();

    const { code, out } = await cli(['login', `${base}/`, writeToken]).done;
    expect(code).toBe(0);
    expect(out).toContain(`as ${alice.name}`);
    expect(JSON.parse(readFileSync(config, 'utf8'))).toEqual({
      url: base,
      token: writeToken,
      name: alice.name,
    });
    expect(statSync(config).mode & 0o777).toBe(0o600);
  });

  it('saves a bookmark with tags and finds it by search', async () => {
    // a loopback address: its capture is refused at once, nothing goes out
    const saved = await cli(['save', 'http://127.0.0.1:9/cli-page', '--tags', 'cli,terminal']).done;
    expect(saved.code, saved.err).toBe(0);
    const linkId = Number(/Saved (\d+):/.exec(saved.out)?.[1]);
    const item = (await alice.get('/interact_api/load_user_item', { link_id: String(linkId) })).json()
      .items[0];
    expect(item).toMatchObject({ url: 'http://127.0.0.1:9/cli-page', t_name: 'cli,terminal' });

    const found = await cli(['search', '#terminal']).done;
    expect(found.code).toBe(0);
    expect(found.out.trim().split('\n')).toEqual([`${linkId}\t${item.title}\thttp://127.0.0.1:9/cli-page`]);
    expect(found.err).toContain('1 found');
  });

  it('imports a file and waits for the import to finish', async () => {
    const file = path.join(dir, 'bookmarks.html');
    writeFileSync(
      file,
      `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<DL><p>
<DT><A HREF="http://127.0.0.1:9/imported-one" TAGS="moved">Imported one</A>
<DT><A HREF="http://127.0.0.1:9/imported-two">Imported two</A>
</DL><p>`,
    );
    const run = cli(['import', file]);
    await run.errLine(/^Import \d+ queued\.$/);
    // nothing polls jobs in tests: run the import now that it is queued
    await t.jobs.runDueJobs();
    const { code, out, err } = await run.done;
    expect(code, err).toBe(0);
    expect(out).toContain('2 added');
    const titles = (await alice.get('/interact_api/search_user_items', { what: 'Imported' }))
      .json()
      .items.map((i: { title: string }) => i.title);
    expect(titles.sort()).toEqual(['Imported one', 'Imported two']);
  });

  it('exports the library in a format, waits for it and downloads the file', async () => {
    const run = cli(['export', '--format', 'netscape', '--out', path.join(dir, 'bookmarks-out.html')]);
    await run.errLine(/^Export \d+ started\.$/);
    // nothing polls jobs in tests: run the export now that it is queued
    await t.jobs.runDueJobs();
    const { code, out, err } = await run.done;
    expect(code, err).toBe(0);
    expect(out).toContain('Exported to');
    const html = readFileSync(path.join(dir, 'bookmarks-out.html'), 'utf8');
    expect(html).toContain('<!DOCTYPE NETSCAPE-Bookmark-file-1>');
    expect(html).toContain('Imported one');
  });

  it('says what the server refused: a read token cannot save', async () => {
    const readConfig = path.join(dir, 'read.json');
    const { token } = await makeToken(alice, { scope: 'read' });
    expect((await cli(['login', base, token], readConfig).done).code).toBe(0);
    const refused = await cli(['save', 'http://127.0.0.1:9/not-saved'], readConfig).done;
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('Folio answered 403: This token may only read');
  });

  it('asks for a login first, and for the arguments a command needs', async () => {
    const none = await cli(['search', 'x'], path.join(dir, 'absent.json')).done;
    expect(none).toMatchObject({ code: 2 });
    expect(none.err).toContain('Not logged in');
    const bare = await cli(['save']).done;
    expect(bare).toMatchObject({ code: 2 });
    expect(bare.err).toContain('Usage: folio-cli save <url>');
  });
});
