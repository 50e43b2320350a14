import { describe, expect, it } from 'vitest';
import type { Contact } from '../../../shared/schemas/mail.ts';
import { recipientCount, recipientOk, sendToOf } from './recipients.ts';
import { embedSnippets, variantOf } from './share-text.ts';

const contacts: Contact[] = [
  { id: 'c4', name: 'pal@example.org', email: 'pal@example.org', kind: 'mailed' },
  { id: 'm9', name: 'teammate', email: '', kind: 'member' },
];

describe('sendToOf', () => {
  it("sorts chips into the payload's friends, emails, lists and usernames", () => {
    const to = sendToOf(
      ['PAL@example.org', 'new@example.com', '#readers', 'Teammate', 'someone_1'],
      contacts,
    );
    expect(to).toEqual({
      friends: ['c4', 'm9'],
      emails: ['new@example.com'],
      lists: ['readers'],
      usernames: ['someone_1'],
    });
    expect(recipientCount(to)).toBe(5);
  });

  it('leaves out chips that are no recipient', () => {
    const to = sendToOf(['bob@host', 'x', '#', '1abcdef'], contacts);
    expect(recipientCount(to)).toBe(0);
    for (const chip of ['bob@host', 'x', '#', '1abcdef']) expect(recipientOk(chip, contacts)).toBe(false);
    expect(recipientOk('a@b.io')).toBe(true);
  });
});

describe('share modal text', () => {
  it('picks the variant from the type and the annotations', () => {
    expect(variantOf({ type_name: 'bookmark', annotation_count: 0 })).toBe('page');
    expect(variantOf({ type_name: 'bookmark', annotation_count: 2 })).toBe('page_annotations');
    expect(variantOf({ type_name: 'image', annotation_count: 0 })).toBe('image');
    expect(variantOf({ type_name: 'note', annotation_count: 0 })).toBe('note');
    expect(variantOf({ type_name: 'pdf', annotation_count: 3 })).toBe('pdf');
  });

  it('escapes the title in the embed snippets', () => {
    const s = embedSnippets('https://f.test/s/k/file', 'https://f.test/s/k', 'a "b" <c>');
    expect(s.image).toBe('<img src="https://f.test/s/k/file" alt="a &quot;b&quot; &lt;c&gt;">');
    expect(s.iframe).toContain('title="a &quot;b&quot; &lt;c&gt;"');
  });
});
