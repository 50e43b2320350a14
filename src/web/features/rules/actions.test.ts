import { describe, expect, it } from 'vitest';
import { actionOf, describeAction, newDraft } from './actions.ts';
import { queryOf } from './RulesSection.tsx';

describe('the rule form', () => {
  it('sends a search as what=, and a query string or a library address as it is', () => {
    expect(queryOf('#news')).toBe('what=%23news');
    expect(queryOf('  ')).toBe('');
    expect(queryOf('what=%23news&unread=yes')).toBe('what=%23news&unread=yes');
    expect(queryOf('https://folio.example/user/ann?query=%23news&starred=yes')).toBe(
      'query=%23news&starred=yes',
    );
  });

  it('sends each action with only its own fields', () => {
    expect(actionOf({ ...newDraft(), tags: 'a, b', url: 'ignored' })).toEqual({
      type: 'add_tags',
      tags: 'a, b',
    });
    expect(actionOf({ ...newDraft(), type: 'set_private', privacy: '0' })).toEqual({
      type: 'set_private',
      private: 0,
    });
    expect(actionOf({ ...newDraft(), type: 'add_to_outliner', outlinerId: '7' })).toEqual({
      type: 'add_to_outliner',
      outliner_id: '7',
    });
    expect(actionOf({ ...newDraft(), type: 'star' })).toEqual({ type: 'star' });
  });

  it('describes stored actions in words, naming outliners and groups', () => {
    const names = { outliners: new Map([[7, 'Reading']]), groups: new Map([[3, 'Club']]) };
    expect(describeAction({ type: 'add_tags', tags: ['a', 'b'] }, names)).toBe('add tags a, b');
    expect(describeAction({ type: 'add_to_outliner', outliner_id: 7 }, names)).toBe('add to Reading');
    expect(describeAction({ type: 'share_to_group', group_id: 9 }, names)).toBe('share to a group');
    expect(describeAction({ type: 'set_private', private: 0 }, names)).toBe('make public');
    expect(describeAction({ type: 'mark_read' }, names)).toBe('mark read');
  });
});
