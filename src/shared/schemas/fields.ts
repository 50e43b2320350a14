import { z } from 'zod';

/**
 * The field types every schema is built from, so each rule is written once: how the original
 * client's form values read (strings, '' for an absent value), which characters text may hold,
 * and what an id is.
 */

/** C0 controls other than tab, line feed and carriage return, and DEL: never meaningful in text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Bidirectional embeddings, overrides and isolates: they make a name read as something else. */
const BIDI = /[\u202A-\u202E\u2066-\u2069]/g;
export const CONTROL_MESSAGE = 'This text contains control characters.';

export function stripBidi(value: string): string {
  return value.replace(BIDI, '');
}

/** Text as sent: control characters are refused (400 naming the field); tabs and newlines stay. */
export const text = (error?: string) =>
  z
    .string(error ? { error } : undefined)
    .refine((v) => !CONTROL.test(v), { error: CONTROL_MESSAGE, abort: true });

/** A title or a name: text without bidi controls (`\u202Efdp.exe` must not pass for a PDF). */
export const name = (error?: string) => text(error).overwrite(stripBidi);

/** The original client sends '' (and some clients null) for a field it leaves empty. */
export const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Forms send booleans as true/false, 1/0, 'yes'/'no' or 'on'; all mean the same. */
export const flag = z
  .union([z.boolean(), z.number(), z.string()])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true' || v === 'yes' || v === 'on');

/** A positive integer id sent as a number or a numeric string. */
export const id = (field: string) =>
  z
    .union([z.number(), z.string()], {
      error: (issue) => (issue.input === undefined ? `${field} is required.` : `${field} must be a number.`),
    })
    .transform((v, ctx) => {
      const n = typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v);
      if (!Number.isSafeInteger(n) || n <= 0) {
        ctx.addIssue({ code: 'custom', message: `${field} must be a number.` });
        return z.NEVER;
      }
      return n;
    });

/** An id that may be left out: absent, '' and null all mean none (a save then makes a new item). */
export const optionalId = (field: string) => z.preprocess(emptyToUndefined, id(field).optional());

/** The item id of a call. */
export const linkId = id('link_id');
export const optionalLinkId = optionalId('link_id');

/** An optional field whose '' means absent. */
export const optional = <S extends z.ZodType>(schema: S) => z.preprocess(emptyToUndefined, schema.optional());
