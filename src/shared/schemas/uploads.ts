import { z } from 'zod';
import { PDF_MAX_BYTES } from '../limits.ts';
import { flag, linkId, name, optional, text } from './fields.ts';
import { DESCRIPTION_MAX } from './items.ts';

export { UPLOAD_MSG } from './values.ts';

/** A file is accepted while its size is below PDF_MAX_BYTES (spec §5: "size below 67108864 bytes"). */
export const UPLOAD_MAX_BYTES = PDF_MAX_BYTES - 1;
export const UPLOAD_KINDS = ['pdf', 'image'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
/** Thumbnail widths (spec §9): 550 the grid, 160 the list, 150 the preview. */
export const THUMB_WIDTHS = [550, 160, 150] as const;
export type ThumbWidth = (typeof THUMB_WIDTHS)[number];
export const ROTATIONS = [0, 90, 180, 270] as const;

/** The form fields sent beside qqfile on POST /item/save (spec §3 File upload form). */
export const uploadFormSchema = z.object({
  qqfilename: name().max(1000, { error: 'The file name is too long.' }).optional(),
  dtype: optional(z.enum(UPLOAD_KINDS, { error: "dtype must be 'pdf' or 'image'." })),
  private: flag.optional(),
  unread: flag.optional(),
  tags: text().max(5000, { error: 'Too many tags.' }).optional(),
  description: text().max(DESCRIPTION_MAX, { error: 'The description is too long.' }).optional(),
  /** outliners and groups to add the items to; kept for the form's shape (no such modules yet) */
  lists: text().max(5000).optional(),
  groups: text().max(5000).optional(),
  qquuid: text().max(200).optional(),
  qqtotalfilesize: text().max(30).optional(),
});
export type UploadForm = z.infer<typeof uploadFormSchema>;
/** The whole multipart body of an upload, for the API document: the file part and the fields. */
export const uploadMultipartSchema = uploadFormSchema.extend({
  qqfile: z.string().describe('the file (a note picture: files[])'),
});

/** POST /api/files/rotate: the image preview's rotation, kept with the item. */
export const rotateImageSchema = z.object({
  link_id: linkId,
  rotation: z.coerce
    .number({ error: 'rotation must be 0, 90, 180 or 270.' })
    .refine((n) => (ROTATIONS as readonly number[]).includes(n), {
      error: 'rotation must be 0, 90, 180 or 270.',
    }),
});
export type RotateImageInput = z.output<typeof rotateImageSchema>;

export const fileQuerySchema = z.object({
  download: z.enum(['0', '1'], { error: 'download must be 1 or 0.' }).optional(),
});
export type FileQueryInput = z.output<typeof fileQuerySchema>;
/** GET /api/files/items/{linkId}/file and .../thumb/{width} */
export const itemFileParamsSchema = z.object({ linkId: z.string() });
export const itemThumbParamsSchema = z.object({ linkId: z.string(), width: z.string() });

export const rotateReplySchema = z.object({ link_id: z.number(), rotation: z.number() });
export type RotateReply = z.infer<typeof rotateReplySchema>;
