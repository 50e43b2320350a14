import { describe, expect, it } from 'vitest';
import { localPath } from './local-path.ts';

describe('localPath', () => {
  it('keeps a path on this site, normalised', () => {
    expect(localPath('/library')).toBe('/library');
    expect(localPath('/a/./b/../c?x=1#top')).toBe('/a/c?x=1#top');
    expect(localPath('/%2F/evil.example')).toBe('/%2F/evil.example');
  });

  it('refuses what a browser would read as another site, before or after normalisation', () => {
    for (const hostile of [
      '//evil.example',
      '/\\evil.example',
      '/.//evil.example',
      '/..//evil.example',
      '/a/..//evil.example',
      '/%2e%2e//evil.example',
      '/.%2E//evil.example',
      '/.\\/evil.example',
      '/./\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'library',
      '',
    ]) {
      expect(localPath(hostile), JSON.stringify(hostile)).toBeNull();
    }
  });
});
