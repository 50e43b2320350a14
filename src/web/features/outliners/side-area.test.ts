import { describe, expect, it } from 'vitest';
import {
  ANNOTATION_DRAG_TYPE,
  readDrop,
  rememberedOutliner,
  rememberOutliner,
  SIDE_OUTLINER_KEY,
  tipVisible,
} from './side-area.ts';

const transfer = (data: Record<string, string>) => ({ getData: (type: string) => data[type] ?? '' });

describe('reading side area', () => {
  it('remembers the outliner opened in it, and forgets it on close', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    expect(rememberedOutliner(storage)).toBeNull();
    rememberOutliner(storage, 42);
    expect(store.get(SIDE_OUTLINER_KEY)).toBe('42');
    expect(rememberedOutliner(storage)).toBe(42);
    rememberOutliner(storage, null);
    expect(rememberedOutliner(storage)).toBeNull();
    store.set(SIDE_OUTLINER_KEY, 'not an id');
    expect(rememberedOutliner(storage)).toBeNull();
  });

  it('shows the tip until both guide cookies are set', () => {
    expect(tipVisible(() => undefined)).toBe(true);
    expect(tipVisible((n) => (n === 'GUIDE_READING_1' ? '1' : undefined))).toBe(true);
    expect(tipVisible(() => '1')).toBe(false);
  });

  it('reads a dropped highlight with its id, else the plain text', () => {
    expect(
      readDrop(
        transfer({
          [ANNOTATION_DRAG_TYPE]: JSON.stringify({ ann_id: 7, text: ' Quote ' }),
          'text/plain': 'x',
        }),
      ),
    ).toEqual({ text: 'Quote', annId: 7 });
    expect(readDrop(transfer({ 'text/plain': '  some words ' }))).toEqual({ text: 'some words' });
    expect(readDrop(transfer({ [ANNOTATION_DRAG_TYPE]: '{broken', 'text/plain': 'fallback' }))).toEqual({
      text: 'fallback',
    });
    expect(readDrop(transfer({ 'text/plain': '   ' }))).toBeNull();
  });
});
