import { describe, expect, it } from 'vitest';
import { TAG_MESSAGES } from './messages.ts';

describe('TAG_MESSAGES', () => {
  it('keeps the spec wording, including the double space before fail', () => {
    expect(TAG_MESSAGES.inlineDeleted('web')).toBe('Delete tag web success.');
    expect(TAG_MESSAGES.inlineDeleteFailed('web')).toBe('Delete tag web  fail.');
    expect(TAG_MESSAGES.deleted).toBe('Tag deleted successfully.');
    expect(TAG_MESSAGES.deleteFailed).toBe('Tag deleted failed.');
    expect(TAG_MESSAGES.renamed).toBe('Tag changed successfully');
    expect(TAG_MESSAGES.renameFailed).toBe('Tag changed failed');
  });
});
