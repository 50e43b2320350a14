/** The Export and Generate Report modals' words (spec part 1 §4, §8). */
export const exportText = {
  preview: 'Generating preview...',
  pdf: 'Generating Pdf...',
  word: 'Generating Word...',
  markdown: 'Generating Markdown...',
  content: 'Generating content...',
  noteCreated: 'Note created success.',
  noteFailed: 'Note created failed!',
  copied: 'Copied to clipboard!',
  copyFailed: 'Copy failed, please select the text and use ctrl+c to copy.',
  failed: 'There are some errors, please try later.',
} as const;

/** Export status (spec part 1 §4); the Google Drive states belong to the drive feature. */
export type ExportStatus = 'none' | 'pdf_start' | 'word' | 'markdown';

export function statusLine(status: ExportStatus): string {
  switch (status) {
    case 'pdf_start':
      return exportText.pdf;
    case 'word':
      return exportText.word;
    case 'markdown':
      return exportText.markdown;
    default:
      return '';
  }
}
