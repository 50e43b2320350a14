// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testRoot, withQueryClient } from '../../../../test/helpers/dom.ts';
import { TwoFactorSection } from './TwoFactorSection.tsx';

const dom = testRoot();
const URI = 'otpauth://totp/Folio:alice?secret=JBSWY3DPEHPK3PXP&issuer=Folio';

function serve(url: string): Promise<Response> {
  const reply = url.endsWith('/setup')
    ? { secret: 'JBSWY3DPEHPK3PXP', uri: URI }
    : { enabled: false, recoveryCodesLeft: 0 };
  return Promise.resolve(new Response(JSON.stringify(reply), { status: 200 }));
}

async function settle() {
  for (let i = 0; i < 5; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
}

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(serve));
});
afterEach(() => vi.unstubAllGlobals());

describe('two-factor setup', () => {
  it('shows the link as a QR code drawn on the page, not fetched from anyone', async () => {
    await act(async () => dom.root.render(withQueryClient(<TwoFactorSection hidePassword={false} />)));
    await settle();
    const start = [...document.querySelectorAll('button')].find((b) =>
      b.textContent?.includes('Set up two-factor'),
    );
    await act(async () => start?.click());
    await settle();
    const qr = document.querySelector('svg[role="img"][aria-label="QR code of the authenticator link"]');
    expect(qr).not.toBeNull();
    // drawn inline (no image address to fetch): dark modules as one path
    expect(qr?.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    const fetched = vi.mocked(fetch).mock.calls.map(([url]) => String(url));
    expect(fetched.every((url) => url.startsWith('/'))).toBe(true);
  });
});
