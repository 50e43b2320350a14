/** Upload texts given word for word by the spec (part 1 §5, §8). */
export const UPLOAD_TEXT = {
  notPdf: 'Format error: not a PDF.',
  tooBig: "Size exceeded 64MB, won't upload.",
  pdfLimit: 'Reach the uploading limit.',
  imageLimit: 'You have reached the limitation, become our premium user to access more rights.',
  network: 'Upload failed.',
  /** shown on a failed file's progress bar */
  barError: 'Upload Error',
  /** an image upload answered code -1000 */
  imageError: 'Upload error',
  planLimit: (kind: 'pdf' | 'image') =>
    `You have reached the limit on your current plan. Please upgrade your account to upload more ${
      kind === 'pdf' ? 'PDF files' : 'image files'
    }.`,
} as const;
