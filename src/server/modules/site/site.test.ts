import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';

let t: TestApp;
let contentDir: string;

beforeAll(async () => {
  contentDir = mkdtempSync(path.join(tmpdir(), 'folio-content-'));
  writeFileSync(
    path.join(contentDir, 'terms.md'),
    [
      '# Our terms',
      '',
      'Read the [privacy policy](/privacy) and [our site](https://example.com).',
      '',
      '<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">click</a>',
      '',
      '<iframe src="https://evil.example"></iframe>',
    ].join('\n'),
  );
  t = await createTestApp({ CONTENT_DIR: contentDir });
});
afterAll(() => t.close());

describe('GET /api/site/{page}', () => {
  it('serves the shipped default when the operator wrote none, to visitors too', async () => {
    const res = await t.visitor().get('/api/site/about');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.page).toBe('about');
    expect(body.title).toBe('About Folio');
    expect(body.html).toContain('<h1>About Folio</h1>');
    expect(body.html).toContain('<a href="/terms">Terms of Service</a>');
    for (const page of ['privacy', 'blog', 'tools']) {
      const other = await t.visitor().get(`/api/site/${page}`);
      expect(other.statusCode).toBe(200);
      expect(other.json().html).toMatch(/<h1>/);
    }
  });

  it("serves the operator's file instead, with scripts, handlers and javascript: links removed", async () => {
    const res = await t.visitor().get('/api/site/terms');
    expect(res.statusCode).toBe(200);
    const { title, html } = res.json();
    expect(title).toBe('Our terms');
    expect(html).toContain('<a href="/privacy">privacy policy</a>');
    expect(html).toContain(
      '<a href="https://example.com" rel="noopener noreferrer" target="_blank">our site</a>',
    );
    expect(html).not.toMatch(/script|onerror|javascript:|iframe|evil/i);
  });

  it('refuses a page that is not one of the site pages with 400, never reading other files', async () => {
    for (const page of ['secrets', '..%2F..%2Fpackage.json', '%2Fetc%2Fpasswd']) {
      const res = await t.visitor().get(`/api/site/${page}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('No such page');
    }
  });
});
