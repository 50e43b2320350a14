import { COPY_TEXT } from '../images/useCopyLink.ts';

/** Outliner wording, word for word from the spec where it gives it (part 1 §8, part 2 §8). */
export const outlinerText = {
  deleted: '1 outliner deleted',
  deleteFailed: 'Outliner delete failed',
  highlightAdded: 'Highlight add to outliner successfully!',
  highlightAddFailed: 'Highlight add to outliner failed',
  copied: COPY_TEXT.copied,
  copyFailed: COPY_TEXT.failed,
  noResult: 'No Result.',
  createOne: 'Create an outliner',
  newTitleLabel: 'New outliner',
  /** not in the spec's words: the add modal's result */
  added: (n: number, title: string) => `${n} item(s) added to ${title}`,
  addFailed: 'Add to outliner failed',
  titleRequired: 'Please enter a title.',
  renameFailed: 'Rename failed, please retry.',
  shareFailed: 'There are some errors, please try later.',
  importFailed: 'Import failed: ',
} as const;

/** 'Saved at H:MM:SS', as the note editor says it (part 2 §4). */
export function savedAt(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `Saved at ${at.getHours()}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
}
