import { z } from 'zod';
import { BLOG_ACCOUNTS_MAX } from '../limits.ts';
import { text as plainText } from './fields.ts';

/** Blogs (spec part 1 §3 Blog item and Blog post payload, §7, §8; issue 18 part 4). */
export const BLOG_SERVICES = [
  'blogger',
  'wordpress',
  'typepad',
  'livejournal',
  'drupal',
  'myspace',
  'other',
] as const;
export type BlogService = (typeof BLOG_SERVICES)[number];

export const BLOG_MESSAGES = {
  published: 'Published to blog success!',
  failed: 'Published to blog failed!',
  formatError: 'result format error!',
  needOneBlog: 'Please select a blog.',
  tooMany: `You can keep at most ${BLOG_ACCOUNTS_MAX} blog accounts. Delete one to add another.`,
} as const;

// Control characters (a NUL above all) are refused by field: PostgreSQL cannot store a NUL.
const text = (max: number) => plainText().trim().max(max);
const httpUrl = plainText()
  .trim()
  .max(2000)
  .refine((s) => /^https?:\/\/[^\s]+$/i.test(s), 'must be an http:// or https:// URL');

export const addBlogSchema = z.object({
  service: z.enum(BLOG_SERVICES, { error: 'service must be one of the listed blog services.' }),
  label: text(200).min(1, 'label is required'),
  url: httpUrl,
  end_point: httpUrl,
  b_u_name: text(200).min(1, 'user name is required'),
  b_password: plainText().min(1, 'password is required').max(500),
});
export type AddBlogInput = z.output<typeof addBlogSchema>;

export const deleteBlogSchema = z.object({ id: z.coerce.number().int().positive() });

/** The Blog item (spec §3); selected is the client's own. */
export const blogItemSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  url: z.string(),
  service: z.enum(BLOG_SERVICES),
  valid: z.boolean(),
  /** why a check failed: code -1 with the blog's text, -2 a transport error (spec §8) */
  check: z.object({ code: z.union([z.literal(1), z.literal(-1), z.literal(-2)]), msg: z.string() }),
});
export type BlogItem = z.infer<typeof blogItemSchema>;

export const loadBlogsReplySchema = z.object({ code: z.literal(1), blogs: z.array(blogItemSchema) });
export const addBlogReplySchema = z.object({ code: z.literal(1), blog: blogItemSchema });
export const okReplySchema = z.object({ code: z.literal(1) });

/**
 * POST /blog_this/add_post (spec §3 Blog post). postInfos names the stored blog accounts to post to
 * (ids comma-separated or a JSON array); blogInfoType 1 sends the account given inline instead
 * (api, end_point, b_u_name, b_password). content[title] and content[description] arrive as flat
 * keys or as a content object. draft '1' posts 'As draft'.
 */
const flag = z.union([z.boolean(), z.string(), z.number()]).optional();
export const addPostSchema = z.preprocess(
  (raw) => {
    if (!raw || typeof raw !== 'object') return raw;
    const r = raw as Record<string, unknown>;
    const c = (r.content && typeof r.content === 'object' ? r.content : {}) as Record<string, unknown>;
    return {
      ...r,
      content: {
        title: r['content[title]'] ?? c.title,
        description: r['content[description]'] ?? c.description,
      },
    };
  },
  z.object({
    postInfos: z
      .union([z.string().max(2000), z.array(z.coerce.number())])
      .optional()
      .default(''),
    blogInfoType: z.union([z.string(), z.number()]).optional(),
    api: plainText().max(50).optional().default(''),
    end_point: plainText().max(2000).optional().default(''),
    b_u_name: plainText().max(200).optional().default(''),
    b_password: plainText().max(500).optional().default(''),
    content: z.object({
      title: plainText().trim().min(1, 'content[title] is required').max(500),
      description: plainText().min(1, 'content[description] is required').max(2_000_000),
    }),
    draft: flag,
  }),
);
export type AddPostInput = z.output<typeof addPostSchema>;

export const addPostReplySchema = z.object({
  code: z.union([z.literal(1), z.literal(-1)]),
  msg: z.string(),
  /** one result per blog: the new post's id, or the error */
  results: z.array(
    z.object({ id: z.number().int().nullable(), ok: z.boolean(), postId: z.string(), error: z.string() }),
  ),
});
export type AddPostReply = z.infer<typeof addPostReplySchema>;
