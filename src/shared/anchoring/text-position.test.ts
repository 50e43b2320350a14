import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { boundaryOffset, indexText, rangeOffsets, unwrap, wrapOffsets } from './text-position.ts';

const ARTICLE =
  '<h1>Title</h1><p>First <em>emphasised</em> words and <a href="/x">a link</a>.</p>' +
  '<ul>\n  <li>one</li>\n  <li>two</li>\n</ul><p>Last paragraph.</p>';

function article(html = ARTICLE) {
  const { document } = parseHTML(`<html><body><main><article>${html}</article></main></body></html>`);
  return { document, root: document.querySelector('article')! };
}

const mark = (document: Document, id: string) => () => {
  const el = document.createElement('mark');
  el.setAttribute('data-ann-id', id);
  return el;
};

describe('indexText', () => {
  it('is the textContent, with each text node at its offset', () => {
    const { root } = article();
    const index = indexText(root);
    expect(index.text).toBe(root.textContent);
    for (const e of index.nodes) expect(index.text.slice(e.start, e.end)).toBe(e.node.data);
  });
});

describe('boundaryOffset', () => {
  it('maps text and element boundary points to offsets', () => {
    const { root } = article();
    const index = indexText(root);
    const em = root.querySelector('em')!;
    const emStart = index.text.indexOf('emphasised');
    expect(boundaryOffset(root, index, em.firstChild!, 3)).toBe(emStart + 3);
    expect(boundaryOffset(root, index, em, 0)).toBe(emStart);
    expect(boundaryOffset(root, index, em, 1)).toBe(emStart + 'emphasised'.length);
    const p = root.querySelector('p')!;
    // before the <em>: after "First "
    expect(boundaryOffset(root, index, p, 1)).toBe(index.text.indexOf('First ') + 6);
    expect(boundaryOffset(root, index, root, 0)).toBe(0);
    expect(boundaryOffset(root, index, root, root.childNodes.length)).toBe(index.text.length);
  });

  it('clamps points outside the article to its ends', () => {
    const { document, root } = article();
    const index = indexText(root);
    const main = document.querySelector('main')!;
    expect(boundaryOffset(root, index, main, 0)).toBe(0);
    expect(boundaryOffset(root, index, main, 1)).toBe(index.text.length);
  });
});

describe('rangeOffsets', () => {
  it('gives the offsets of a range across elements, or null for an empty one', () => {
    const { root } = article();
    const em = root.querySelector('em')!;
    const a = root.querySelector('a')!;
    const found = rangeOffsets(root, {
      startContainer: em.firstChild!,
      startOffset: 5,
      endContainer: a.firstChild!,
      endOffset: 1,
    })!;
    expect(indexText(root).text.slice(found.start, found.end)).toBe('sised words and a');
    expect(
      rangeOffsets(root, { startContainer: em, startOffset: 0, endContainer: em, endOffset: 0 }),
    ).toBeNull();
  });
});

describe('wrapOffsets and unwrap', () => {
  it('wraps a stretch across elements in marks without moving any element, and unwraps it', () => {
    const { document, root } = article();
    const before = root.innerHTML;
    const text = indexText(root).text;
    const start = text.indexOf('phasised');
    const end = text.indexOf('link') + 2;
    const marks = wrapOffsets(root, start, end, mark(document, '5'));

    expect(marks.map((m) => m.textContent).join('')).toBe(text.slice(start, end));
    expect(root.textContent).toBe(text);
    expect(root.querySelector('em')!.innerHTML).toBe('em<mark data-ann-id="5">phasised</mark>');
    expect(root.querySelector('a')!.innerHTML).toBe('<mark data-ann-id="5">a li</mark>nk');
    expect(root.querySelectorAll('p').length).toBe(2);

    unwrap(marks);
    expect(root.innerHTML).toBe(before);
    expect(root.querySelector('em')!.childNodes.length).toBe(1);
  });

  it('leaves whitespace between list items alone so the list stays a list', () => {
    const { document, root } = article();
    const text = indexText(root).text;
    const marks = wrapOffsets(root, text.indexOf('one'), text.indexOf('two') + 3, mark(document, '6'));
    expect(marks.map((m) => m.textContent)).toEqual(['one', 'two']);
    const ul = root.querySelector('ul')!;
    for (const child of Array.from(ul.children)) expect(child.tagName).toBe('LI');
  });

  it('nests a second highlight inside the first where they overlap, and each unwraps alone', () => {
    const { document, root } = article();
    const text = indexText(root).text;
    const first = wrapOffsets(root, text.indexOf('First'), text.indexOf('words'), mark(document, '1'));
    const second = wrapOffsets(root, text.indexOf('emphasised'), text.indexOf(' and'), mark(document, '2'));
    expect(root.textContent).toBe(text);
    expect(second.map((m) => m.textContent).join('')).toBe('emphasised words');
    unwrap(first);
    expect(root.querySelectorAll('mark[data-ann-id="1"]').length).toBe(0);
    expect(
      Array.from(root.querySelectorAll('mark[data-ann-id="2"]'))
        .map((m) => m.textContent)
        .join(''),
    ).toBe('emphasised words');
    unwrap(second);
    expect(root.innerHTML).toBe(article().root.innerHTML);
  });
});
