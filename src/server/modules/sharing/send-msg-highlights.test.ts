import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addHighlight } from '../../../../test/factories/annotations.ts';
import { saveBookmark } from '../../../../test/factories/items.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';

let t: TestApp;
let alice: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp();
});
afterAll(() => t.close());

/** Soft line breaks and `=` of quoted-printable undone: the words as the recipient reads them. */
const unfold = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describe('Send an Email with highlights', () => {
  it("mails every highlight of the item with its sticky note, and the item's float notes", async () => {
    const item = await saveBookmark(alice, { title: 'Four highlights' });
    const words = [
      'first highlighted words',
      'second highlighted words',
      'third highlighted words',
      'fourth one',
    ];
    await addHighlight(alice, item.link_id, { content: words[0] });
    await addHighlight(alice, item.link_id, { content: words[1], note: 'a note on the second' });
    await addHighlight(alice, item.link_id, { content: words[2] });
    await addHighlight(alice, item.link_id, { content: words[3], note: 'a note on the fourth' });
    const float = await alice.post('/annotation_mana/add_annotation', {
      link_id: item.link_id,
      shape: 2,
      content: 'A thought in the margin',
      selector: [{ type: 'FloatPositionSelector', x: 0.5, y: 0.25 }],
    });
    expect(float.statusCode).toBe(200);

    // the library row showed two highlights collapsed, and the modal sent those as quotes
    const res = await alice.post('/message_mana/send_msg', {
      send_type: 'some',
      send_to: { friends: [], emails: ['friend@example.org'], lists: [], usernames: [] },
      message: '',
      privacy: 'private',
      subject: 'Highlights for you',
      quotes: [words[0], words[1]],
      link_ids: [item.link_id],
    });
    expect(res.statusCode).toBe(200);

    const raw = unfold(t.inbox.find((m) => m.to.includes('friend@example.org'))!.raw);
    const htmlAt = raw.indexOf('Content-Type: text/html');
    const text = raw.slice(0, htmlAt);
    const html = raw.slice(htmlAt);
    for (const part of [text, html]) {
      for (const w of words) expect(part.split(w)).toHaveLength(2); // each once, none repeated
      expect(part).toContain('a note on the second');
      expect(part).toContain('a note on the fourth');
      expect(part).toContain('A thought in the margin');
    }
    // a sticky note follows its own highlight
    expect(text.indexOf('a note on the second')).toBeGreaterThan(text.indexOf(words[1]!));
    expect(text.indexOf('a note on the second')).toBeLessThan(text.indexOf(words[2]!));
  });
});
