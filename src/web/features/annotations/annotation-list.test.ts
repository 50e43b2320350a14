import { describe, expect, it } from 'vitest';
import { searchWords } from '../../../shared/annotation-words.ts';
import { type AnnotationReply, type AnnotationShape, SHAPE } from '../../../shared/schemas/annotations.ts';
import {
  annotationHref,
  annotationListText,
  annotationListView,
  matchesWords,
  orderForList,
} from './annotation-list.ts';

let nextId = 1;
function ann(content: string, shape: AnnotationShape = SHAPE.text, notes: string[] = []): AnnotationReply {
  const id = nextId++;
  return {
    id,
    link_id: 7,
    anchored: true,
    shape,
    content,
    ann_md5: `md5-${id}`,
    extra: { color: 'yellow' },
    selector: null,
    stickyNotes: notes.map((content, i) => ({ id: id * 100 + i, content, link_id: 7, ann_id: id, sMode: 2 })),
    created_at: 1_700_000_000 + id,
  };
}
const contents = (list: AnnotationReply[]) => list.map((a) => a.content);

describe('orderForList', () => {
  it('puts float notes first and keeps each group in order', () => {
    const list = [ann('h1'), ann('f1', SHAPE.floatNote), ann('h2'), ann('f2', SHAPE.floatNote)];
    expect(contents(orderForList(list))).toEqual(['f1', 'f2', 'h1', 'h2']);
  });
});

describe('searchWords', () => {
  it('keeps words and phrases, drops tags, hosts and negated terms', () => {
    expect(searchWords('Garden "slow Web" #plants @example.com NOT weeds (soil)')).toEqual([
      'garden',
      'slow web',
      'soil',
    ]);
  });
  it('takes every alternative of an OR', () => {
    expect(searchWords('roses OR tulips')).toEqual(['roses', 'tulips']);
  });
  it('is empty for no search', () => {
    expect(searchWords('')).toEqual([]);
  });
});

describe('matchesWords', () => {
  it('matches the text or a sticky note, ignoring case', () => {
    expect(matchesWords(ann('The Rose garden'), ['rose'])).toBe(true);
    expect(matchesWords(ann('nothing here', SHAPE.text, ['but a ROSE note']), ['rose'])).toBe(true);
    expect(matchesWords(ann('tulips'), ['rose'])).toBe(false);
    expect(matchesWords(ann('tulips'), [])).toBe(false);
  });
});

describe('annotationListView', () => {
  const five = () => [ann('h1'), ann('h2'), ann('h3'), ann('f1', SHAPE.floatNote), ann('h4')];

  it('limit: the first three, float notes first, highlights fill', () => {
    const view = annotationListView(five(), { what: '', showAll: false });
    expect(view.mode).toBe('limit');
    expect(contents(view.shown)).toEqual(['f1', 'h1', 'h2']);
    expect(view.hidden).toBe(2);
    expect(view.canShowLess).toBe(false);
    expect(annotationListText.showMore(view.hidden)).toBe('Show 2 more annotation(s)');
  });

  it('a row carrying three of 56,000: Show N more counts the ones on the server, pages append', () => {
    const carried = [ann('f1', SHAPE.floatNote), ann('h1'), ann('h2')];
    const row = annotationListView(carried, { what: '', showAll: false, total: 56_000 });
    expect([row.mode, row.hidden]).toEqual(['limit', 55_997]);
    expect(annotationListText.showMore(row.hidden)).toBe('Show 55997 more annotation(s)');
    // a first page of 100 loaded: more remain, so the button stays, with Show less behind it
    const page = [...carried, ...Array.from({ length: 97 }, (_, n) => ann(`p${n}`))];
    const loaded = annotationListView(page, { what: '', showAll: true, total: 56_000 });
    expect([loaded.mode, loaded.shown.length, loaded.hidden, loaded.canShowLess]).toEqual([
      'all',
      100,
      55_900,
      true,
    ]);
  });

  it('all: every annotation, with Show less', () => {
    const view = annotationListView(five(), { what: '', showAll: true });
    expect(view.mode).toBe('all');
    expect(contents(view.shown)).toEqual(['f1', 'h1', 'h2', 'h3', 'h4']);
    expect(view.hidden).toBe(0);
    expect(view.canShowLess).toBe(true);
  });

  it('three or fewer: nothing more and no Show less, even when all was asked for', () => {
    const list = [ann('a'), ann('b'), ann('c')];
    for (const showAll of [false, true]) {
      const view = annotationListView(list, { what: '', showAll });
      expect(view).toMatchObject({ mode: 'limit', hidden: 0, canShowLess: false });
      expect(view.shown).toHaveLength(3);
    }
  });

  it('searched: only the annotations whose text matches, then all on request', () => {
    const list = [ann('apples'), ann('pears'), ann('plums'), ann('more apples'), ann('figs')];
    const view = annotationListView(list, { what: 'apple #fruit', showAll: false });
    expect(view.mode).toBe('searched');
    expect(contents(view.shown)).toEqual(['apples', 'more apples']);
    expect(view.hidden).toBe(3);
    expect(annotationListView(list, { what: 'apple', showAll: true }).mode).toBe('all');
  });

  it('a search that matches no annotation keeps the limit list', () => {
    const view = annotationListView(five(), { what: 'nothing', showAll: false });
    expect(view.mode).toBe('limit');
    expect(view.shown).toHaveLength(3);
  });

  it('a search matching every annotation leaves nothing more to show', () => {
    const list = [ann('apple one'), ann('apple two'), ann('apple three'), ann('apple four')];
    const view = annotationListView(list, { what: 'apple', showAll: true });
    expect(view).toMatchObject({ mode: 'searched', hidden: 0, canShowLess: false });
    expect(view.shown).toHaveLength(4);
  });

  it('no annotations: an empty list', () => {
    expect(annotationListView([], { what: 'x', showAll: false })).toEqual({
      mode: 'limit',
      shown: [],
      hidden: 0,
      canShowLess: false,
    });
  });
});

describe('annotationHref', () => {
  it('opens the item at the annotation and keeps the list query', () => {
    expect(annotationHref('/user/ann/b/7', '?filter=bookmark&query=rose', 'abc')).toBe(
      '/user/ann/b/7?filter=bookmark&query=rose&ann_md5=abc',
    );
    expect(annotationHref('/user/ann/b/7', '', 'abc')).toBe('/user/ann/b/7?ann_md5=abc');
    expect(annotationHref('/user/ann/b/7', '?ann_md5=old&page=2', 'new')).toBe(
      '/user/ann/b/7?page=2&ann_md5=new',
    );
  });
});
