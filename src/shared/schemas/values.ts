/**
 * The schemas' plain values: constants, message texts and type guards that hold no zod schema, so the
 * web client's first load can use them without building every schema (issue 14, Speed). The schema
 * modules re-export each of them; import from here only where the bundle size matters.
 */
import type { LoadUserInfoReply, Permissions, UserInfo } from './user-info.ts';

export const ITEM_TYPE_NAMES = ['bookmark', 'image', 'note', 'pdf', 'topic', 'kindle'] as const;
export type ItemType = (typeof ITEM_TYPE_NAMES)[number];
export const LIST_SORTS = ['updated', 'created', 'title'] as const;
export type ListSort = (typeof LIST_SORTS)[number];

export const TAG_LIST_MAX = 300;

/** Annotation shapes (spec part 1 §3). */
export const SHAPE = {
  text: 0,
  floatNote: 2,
  extension: 5,
  attachedImage: 8,
  pdfHighlight: 9,
  kindleHighlight: 10,
} as const;
export type AnnotationShape = (typeof SHAPE)[keyof typeof SHAPE];

export const HIGHLIGHT_COLORS = ['yellow', 'blue', 'green', 'pink'] as const;
export type HighlightColor = (typeof HIGHLIGHT_COLORS)[number];

/** The refusal of a new highlight at the plan's quota: HTTP 402 with this code and message. */
export const HIGHLIGHT_OVER_QUOTA = {
  status: 402,
  code: -2,
  message: 'Your highlight number is over quota',
} as const;

/** Spec part 1 §8 and §5: the upload texts, word for word. */
export const UPLOAD_MSG = {
  notPdf: 'Format error: not a PDF.',
  notImage: 'Format error: please choose a jpeg, png, gif or bmp picture.',
  tooLarge: "Size exceeded 64MB, won't upload.",
  missing: 'Please choose a file to upload.',
  pdfLimit: 'Reach the uploading limit.',
  imageLimit: 'You have reached the limitation, become our premium user to access more rights.',
  planLimitPdf:
    'You have reached the limit on your current plan. Please upgrade your account to upload more PDF files.',
  planLimitImage:
    'You have reached the limit on your current plan. Please upgrade your account to upload more image files.',
  failed: 'Upload failed.',
  progressError: 'Upload Error',
  /** an image upload answered code -1000 */
  imageError: 'Upload error',
} as const;

export const TAB_HEADER = 'x-folio-tab';

export function isSignedIn(info: LoadUserInfoReply | undefined): info is UserInfo {
  return Boolean(info?.name);
}

/** Over quota when any used count exceeds its non-null quota: the nav then shows Over Quota. */
export function isOverQuota(p: Permissions): boolean {
  const pairs: [number | null, number][] = [
    [p.annPermission.annotationQuota, p.annPermission.annotationUsedCount],
    [p.imagePermission.imageQuota, p.imagePermission.imageUsedCount],
    [p.pdfPermission.pdfQuota, p.pdfPermission.pdfUsedCount],
  ];
  return pairs.some(([quota, used]) => quota !== null && used > quota);
}

/** Save to My Library (copy_item): the replies' texts, shown by the web client's item actions too. */
export const COPY_ITEM_MSG = {
  saved: '1 item saved to you Library.',
  failed: 'Save to your Library failed',
  own: 'This item is already yours.',
  duplicate: 'This URL is already in your library.',
} as const;
