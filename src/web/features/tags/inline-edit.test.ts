import { describe, expect, it } from 'vitest';
import {
  type InlineEditState,
  initialInlineEdit,
  inlineEditReducer,
  inlineSubmitIntent,
} from './inline-edit.ts';

const run = (...actions: Parameters<typeof inlineEditReducer>[1][]): InlineEditState =>
  actions.reduce(inlineEditReducer, initialInlineEdit);

describe('inlineEditReducer', () => {
  it('goes view -> editing -> submitting -> view', () => {
    expect(run({ type: 'edit', name: 'web' })).toEqual({ mode: 'editing', draft: 'web' });
    expect(run({ type: 'edit', name: 'web' }, { type: 'change', draft: 'www' }, { type: 'submit' })).toEqual({
      mode: 'submitting',
      draft: 'www',
    });
    expect(run({ type: 'edit', name: 'web' }, { type: 'submit' }, { type: 'succeeded' })).toEqual({
      mode: 'view',
    });
  });

  it('cancels from editing only', () => {
    expect(run({ type: 'edit', name: 'web' }, { type: 'cancel' })).toEqual({ mode: 'view' });
    expect(run({ type: 'edit', name: 'web' }, { type: 'submit' }, { type: 'cancel' }).mode).toBe(
      'submitting',
    );
  });

  it('returns to editing with the draft kept when the request fails', () => {
    expect(
      run(
        { type: 'edit', name: 'web' },
        { type: 'change', draft: 'w,b' },
        { type: 'submit' },
        { type: 'failed' },
      ),
    ).toEqual({ mode: 'editing', draft: 'w,b' });
  });

  it('ignores steps that do not fit the state', () => {
    expect(run({ type: 'submit' })).toEqual({ mode: 'view' });
    expect(run({ type: 'change', draft: 'x' })).toEqual({ mode: 'view' });
    const submitting = run({ type: 'edit', name: 'a' }, { type: 'submit' });
    expect(inlineEditReducer(submitting, { type: 'change', draft: 'b' })).toBe(submitting);
    expect(inlineEditReducer(submitting, { type: 'submit' })).toBe(submitting);
    expect(run({ type: 'edit', name: 'a' }, { type: 'edit', name: 'b' })).toEqual({
      mode: 'editing',
      draft: 'a',
    });
  });
});

describe('inlineSubmitIntent', () => {
  it('renames to the cleaned name', () => {
    expect(inlineSubmitIntent('web', ' "web  dev" ')).toEqual({ kind: 'rename', to: 'web dev' });
  });

  it('does nothing when the name is unchanged', () => {
    expect(inlineSubmitIntent('web', 'web ')).toEqual({ kind: 'none' });
  });

  it('deletes when the name is empty or only quotes', () => {
    expect(inlineSubmitIntent('web', '  ')).toEqual({ kind: 'delete' });
    expect(inlineSubmitIntent('web', '""')).toEqual({ kind: 'delete' });
  });

  it('treats a change of case as a rename', () => {
    expect(inlineSubmitIntent('web', 'Web')).toEqual({ kind: 'rename', to: 'Web' });
  });
});
