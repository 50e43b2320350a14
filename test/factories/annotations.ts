import type { TestClient } from '../helpers/app.ts';

let seq = 0;

/** Adds a text highlight (and, with `note`, a sticky note on it) through the API, like the reader. */
export async function addHighlight(
  client: TestClient,
  linkId: number,
  opts: { content?: string; color?: 'yellow' | 'blue' | 'green' | 'pink'; note?: string } = {},
): Promise<number> {
  seq += 1;
  const content = opts.content ?? `highlighted words ${seq}`;
  const res = await client.post('/annotation_mana/add_annotation', {
    link_id: linkId,
    shape: 0,
    content,
    color: opts.color ?? 'yellow',
    selector: JSON.stringify([
      { type: 'TextQuoteSelector', exact: content, prefix: 'before ', suffix: ' after' },
      { type: 'TextPositionSelector', start: seq * 100, end: seq * 100 + content.length },
    ]),
  });
  if (res.statusCode !== 200) throw new Error(`add_annotation failed ${res.statusCode}: ${res.body}`);
  const annId: number = res.json().annotation.id;
  if (opts.note) {
    const posted = await client.post('/annotation_mana/post_sticky_note', {
      sContent: opts.note,
      link_id: linkId,
      ann_id: annId,
      sMode: 2,
    });
    if (posted.statusCode !== 200) throw new Error(`post_sticky_note failed: ${posted.body}`);
  }
  return annId;
}
