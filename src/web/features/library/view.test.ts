import { describe, expect, it } from 'vitest';
import {
  isFiltered,
  pageAfterDelete,
  pageInRange,
  parseView,
  viewShows,
  viewToLoadParams,
  viewToSearch,
  withChange,
} from './view.ts';

const parse = (q: string, defaults = {}, tag?: string) => parseView(new URLSearchParams(q), defaults, tag);

describe('library view in the URL', () => {
  it('defaults to every item, updated first, 24 per page, page 1', () => {
    expect(parse('')).toEqual({
      filter: null,
      unread: false,
      ann: false,
      privacy: null,
      what: '',
      sort: 'updated',
      page: 1,
      count: 24,
      snapshot: false,
      notInOutliner: false,
      starred: false,
      health: null,
    });
  });

  it('keeps the Starred filter in the URL and asks the list for starred=yes', () => {
    const v = parse('starred=yes');
    expect(v.starred).toBe(true);
    expect(viewToSearch(v).get('starred')).toBe('yes');
    expect(viewToLoadParams(v, 'me').starred).toBe('yes');
    expect(isFiltered(v)).toBe(true);
    expect(viewShows(v, { type_name: 'bookmark', private: 0, readed: 0, annotation_count: 0 })).toBe(false);
  });

  it('keeps the Broken links and Changed pages views in the URL and asks the list for health=', () => {
    const v = parse('health=broken');
    expect(v.health).toBe('broken');
    expect(viewToSearch(v).get('health')).toBe('broken');
    expect(viewToLoadParams(v, 'me').health).toBe('broken');
    expect(isFiltered(v)).toBe(true);
    expect(viewShows(v, { type_name: 'bookmark', private: 0, readed: 0, annotation_count: 0 })).toBe(false);
    expect(parse('health=dead').health).toBeNull();
  });

  it('reads every spec parameter, query or what, page or page_num', () => {
    const v = parse(
      'filter=pdf&unread=yes&ann=yes&privacy=private&what=x&sort=title&page=3&count=96&snapshot=yes&inoutliner=no',
    );
    expect(v).toMatchObject({
      filter: 'pdf',
      unread: true,
      ann: true,
      privacy: 'private',
      what: 'x',
      sort: 'title',
      page: 3,
      count: 96,
      snapshot: true,
      notInOutliner: true,
    });
    expect(parse('query=a&what=b').what).toBe('a');
    expect(parse('page_num=4').page).toBe(5);
  });

  it('ignores values it does not know and falls back to the cookie defaults', () => {
    expect(parse('filter=video&privacy=x&sort=random&count=25&page=-2')).toMatchObject({
      filter: null,
      privacy: null,
      sort: 'updated',
      count: 24,
      page: 1,
    });
    expect(parse('', { sort: 'created', count: '48' })).toMatchObject({ sort: 'created', count: 48 });
    expect(parse('sort=title', { sort: 'created' }).sort).toBe('title');
  });

  it('filters by the tag of /user/{name}/{tag}', () => {
    expect(parse('', {}, 'web design').what).toBe('#"web design"');
  });

  it('round-trips through the URL, leaving defaults out', () => {
    expect(viewToSearch(parse('')).toString()).toBe('');
    const q = 'filter=image&unread=yes&query=%23a&sort=created&count=48&page=2';
    expect(viewToSearch(parse(q)).toString()).toBe(q);
  });

  it('builds load parameters with a 0-based page_num', () => {
    expect(viewToLoadParams(parse('filter=note&page=2&inoutliner=no'), 'alice1')).toEqual({
      username: 'alice1',
      page_num: '1',
      count: '24',
      sort: 'updated',
      type: 'note',
      inoutliner: 'no',
    });
  });

  it('resets the page when anything but the page changes', () => {
    const v = parse('page=4');
    expect(withChange(v, { unread: true }).page).toBe(1);
    expect(withChange(v, { page: 5 }).page).toBe(5);
    expect(isFiltered(v)).toBe(false);
    expect(isFiltered(withChange(v, { ann: true }))).toBe(true);
  });

  it('knows whether a new item would show', () => {
    const item = { type_name: 'bookmark', private: 1 as const, readed: 1 as const, annotation_count: 0 };
    expect(viewShows(parse(''), item)).toBe(true);
    expect(viewShows(parse('filter=image'), item)).toBe(false);
    expect(viewShows(parse('unread=yes'), item)).toBe(false);
    expect(viewShows(parse('privacy=public'), item)).toBe(false);
    expect(viewShows(parse('query=x'), item)).toBe(false);
  });

  it('moves back a page when a delete empties it', () => {
    expect(pageAfterDelete(3, 2, 2)).toBe(2);
    expect(pageAfterDelete(3, 5, 2)).toBe(3);
    expect(pageAfterDelete(1, 2, 2)).toBe(1);
  });
});

describe('a page past the end', () => {
  it('goes to the last page of the list', () => {
    expect(pageInRange(99, 124, 24)).toBe(6);
    expect(pageInRange(7, 124, 24)).toBe(6);
  });

  it('keeps pages in range, and page 1 of an empty list', () => {
    expect(pageInRange(6, 124, 24)).toBeNull();
    expect(pageInRange(1, 0, 24)).toBeNull();
    expect(pageInRange(2, 0, 24)).toBe(1);
  });
});
