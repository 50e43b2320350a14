import { z } from 'zod';
import {
  EMAIL_MAX,
  MAIL_ITEMS_MAX,
  MAIL_MESSAGE_MAX,
  MAIL_QUOTE_MAX,
  MAIL_QUOTES_MAX,
  MAIL_RECIPIENTS_MAX,
  MAIL_SUBJECT_MAX,
  MAILS_PER_DAY,
} from '../limits.ts';
import { MSG } from '../messages.ts';
import { EMAIL_PATTERN } from './auth.ts';
import { emptyToUndefined, name, text } from './fields.ts';

/**
 * Send an Email (spec part 1 §3, §5, §7): POST /message_mana/send_msg with {send_type 'some',
 * send_to {friends, emails, lists, usernames}, message, privacy, subject, quotes}, the items by
 * link_ids. The body may come as that object or as a form field `json` holding it.
 */

export const MAIL_MSG = {
  subjectRequired: 'Please fill subject',
  recipientRequired: MSG.emailInvalid,
  sent: 'Email has been sent.',
  failed: 'Send email failed!',
  tooManyRecipients: `An e-mail can go to at most ${MAIL_RECIPIENTS_MAX} recipients.`,
  dailyLimit: `You can send at most ${MAILS_PER_DAY} e-mails a day. Please try again tomorrow.`,
  unknownUser: (name: string) => `There is no user named ${name}.`,
  unknownContact: 'One of the contacts is not in your contacts.',
  unknownGroup: (name: string) => `You are not a member of the group ${name}.`,
  itemRequired: 'Please choose an item to send.',
  tooManyItems: `An e-mail can carry at most ${MAIL_ITEMS_MAX} items.`,
} as const;

/** The chips as they come: an array, or one string of comma-separated values. */
const list = (item: z.ZodType<string>, max: number, error: string) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return [];
      if (typeof v === 'string') return v.split(',');
      return v;
    },
    z
      .array(z.preprocess((v) => (typeof v === 'number' ? String(v) : v), item))
      .transform((a) => {
        // empties and duplicates (in any case) count for nothing, as in the chip input
        const seen = new Set<string>();
        return a
          .map((s) => s.trim())
          .filter((s) => s !== '' && !seen.has(s.toLowerCase()) && seen.add(s.toLowerCase()));
      })
      .pipe(z.array(z.string()).max(max, { error })),
  );

const email = z.string().max(EMAIL_MAX, { error: MAIL_MSG.recipientRequired });

export const sendToSchema = z.object(
  {
    friends: list(z.string().max(40), MAIL_RECIPIENTS_MAX, MAIL_MSG.tooManyRecipients).default([]),
    emails: list(email, MAIL_RECIPIENTS_MAX, MAIL_MSG.tooManyRecipients)
      .default([])
      .refine((a) => a.every((e) => EMAIL_PATTERN.test(e)), { error: MAIL_MSG.recipientRequired }),
    lists: list(name().max(64), MAIL_RECIPIENTS_MAX, MAIL_MSG.tooManyRecipients).default([]),
    usernames: list(name().max(64), MAIL_RECIPIENTS_MAX, MAIL_MSG.tooManyRecipients).default([]),
  },
  { error: MAIL_MSG.recipientRequired },
);

const linkIds = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return [];
    if (typeof v === 'string') return v.split(',').map((s) => s.trim());
    if (typeof v === 'number') return [v];
    return v;
  },
  z
    .array(
      z
        .union([z.number(), z.string()])
        .transform(Number)
        .refine((n) => Number.isSafeInteger(n) && n > 0, { error: 'link_ids must be item ids.' }),
    )
    .max(MAIL_ITEMS_MAX, { error: MAIL_MSG.tooManyItems }),
);

export const sendMsgObjectSchema = z
  .object({
    send_type: z.preprocess(emptyToUndefined, z.literal('some').default('some')),
    send_to: sendToSchema,
    subject: z.preprocess(
      (v) => (v === undefined || v === null ? '' : v),
      name(MAIL_MSG.subjectRequired)
        .transform((s) => s.replace(/[\r\n\t]+/g, ' ').trim())
        .pipe(
          z
            .string()
            .min(1, { error: MAIL_MSG.subjectRequired })
            .max(MAIL_SUBJECT_MAX, {
              error: `The subject is too long (${MAIL_SUBJECT_MAX} characters at most).`,
            }),
        ),
    ),
    message: z.preprocess(
      (v) => (v === undefined || v === null ? '' : v),
      text().max(MAIL_MESSAGE_MAX, {
        error: `The message is too long (${MAIL_MESSAGE_MAX} characters at most).`,
      }),
    ),
    privacy: z.preprocess(emptyToUndefined, z.enum(['private', 'public']).default('private')),
    quotes: list(
      text().max(MAIL_QUOTE_MAX, { error: `A quote is too long (${MAIL_QUOTE_MAX} characters at most).` }),
      MAIL_QUOTES_MAX,
      `At most ${MAIL_QUOTES_MAX} quotes.`,
    ).default([]),
    link_ids: linkIds.default([]),
    link_id: z.preprocess(emptyToUndefined, z.union([z.number(), z.string()]).optional()),
  })
  .transform(({ link_id, link_ids, ...rest }) => {
    const ids = link_id === undefined ? link_ids : [Number(link_id), ...link_ids];
    return { ...rest, link_ids: [...new Set(ids)] };
  })
  .refine((v) => v.link_ids.every((n) => Number.isSafeInteger(n) && n > 0), {
    error: 'link_id must be a number.',
    path: ['link_id'],
  })
  .refine((v) => v.link_ids.length > 0, { error: MAIL_MSG.itemRequired, path: ['link_ids'] })
  .refine(
    (v) =>
      v.send_to.friends.length +
        v.send_to.emails.length +
        v.send_to.lists.length +
        v.send_to.usernames.length >
      0,
    { error: MAIL_MSG.recipientRequired, path: ['send_to'] },
  );

/** The body as the original client posts it: the object, or {json: '<the object as JSON>'}. */
export const sendMsgSchema = z.preprocess((v) => {
  if (v && typeof v === 'object' && 'json' in v) {
    const raw = (v as { json: unknown }).json;
    if (typeof raw !== 'string') return raw;
    try {
      return JSON.parse(raw);
    } catch {
      return {};
    }
  }
  return v;
}, sendMsgObjectSchema);
export type SendMsgInput = z.infer<typeof sendMsgSchema>;

export const sendMsgReplySchema = z.object({
  code: z.literal(1),
  message: z.string(),
  /** how many addresses the mail went to */
  sent: z.number(),
});

export const contactSchema = z.object({
  /** 'c{n}' for someone the user mailed, 'm{user id}' for a fellow group member */
  id: z.string(),
  name: z.string(),
  email: z.string(),
  kind: z.enum(['mailed', 'member']),
});
export type Contact = z.infer<typeof contactSchema>;

export const loadContactsReplySchema = z.object({ code: z.literal(1), contacts: z.array(contactSchema) });
