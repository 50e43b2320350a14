import { describe, expect, it } from 'vitest';
import { encodeOutlinerId as outlinerCode } from '../../shared/outliners/code.ts';
import { links } from './links.ts';

describe('links', () => {
  it('library and item addresses escape the name and keep a list query', () => {
    expect(links.library('ann lee')).toBe('/user/ann%20lee');
    expect(links.library('ann', new URLSearchParams({ filter: 'pdf' }))).toBe('/user/ann?filter=pdf');
    expect(links.library('ann', '')).toBe('/user/ann');
    expect(links.item('ann', 42)).toBe('/user/ann/b/42');
    expect(links.item('ann', 42, 'unread=yes')).toBe('/user/ann/b/42?unread=yes');
    expect(links.item('ann', 42, '?unread=yes')).toBe('/user/ann/b/42?unread=yes');
    expect(links.item('a/b', 'new-1')).toBe('/user/a%2Fb/b/new-1');
  });

  it('a tag is a path segment unless it is named like another page', () => {
    expect(links.tag('ann', 'slow web')).toBe('/user/ann/slow%20web');
    expect(links.tag('ann', 'c#')).toBe('/user/ann/c%23');
    expect(links.tag('ann', 'Tags')).toBe(`/user/ann?${new URLSearchParams({ query: '#"Tags"' })}`);
    expect(links.tag('ann', 'slow web/2')).toBe('/user/ann/slow%20web%2F2');
    expect(links.tag('ann', 'tags')).toBe('/user/ann?query=%23%22tags%22');
    expect(links.tag('ann', 'B')).toBe('/user/ann?query=%23%22B%22');
    expect(links.tag('ann', 'd')).toBe('/user/ann?query=%23%22d%22');
    expect(links.tag('ann', 'bd')).toBe('/user/ann/bd');
  });

  it('tags page, profile and outliners', () => {
    expect(links.tags('ann')).toBe('/user/ann/tags');
    expect(links.tags('ann', 'nav=a')).toBe('/user/ann/tags?nav=a');
    expect(links.profile('ann lee')).toBe('/profile/ann%20lee');
    expect(links.outliners()).toBe('/outliners');
  });

  it("an outliner's id is coded as the spec says and slashes in its title become dashes", () => {
    expect(outlinerCode(1)).toBe((1 * 1234 + 98765).toString(36));
    expect(outlinerCode(0)).toBe('247h');
    expect(links.outliner(1, 'Reading / 2026')).toBe(`/o/${outlinerCode(1)}/Reading%20-%202026`);
    expect(links.outlinerEmbed(1, 'a/b')).toBe(`/outliner/${outlinerCode(1)}/a-b?iframe=true`);
    expect(links.sharedOutliner('k y')).toBe('/outliner_shared/k%20y');
  });
});
