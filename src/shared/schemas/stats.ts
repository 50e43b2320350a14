import { z } from 'zod';
import { STATS_FLAG_NAME_MAX, STATS_FLAGS_MAX } from '../limits.ts';
import { text } from './fields.ts';

/**
 * POST /stats (spec part 1 §7, Other): which features a tab used, `{flags: {name: 1, ...}}` or the
 * same as form fields (`name=1&...`, `flags[name]=1`, or `flags` as a JSON text). Only daily counts
 * per flag are kept.
 */

export const STATS_MSG = {
  tooMany: `At most ${STATS_FLAGS_MAX} flags at a time.`,
  nameTooLong: `A flag name is at most ${STATS_FLAG_NAME_MAX} characters.`,
  nameEmpty: 'A flag name may not be empty.',
  badFlags: 'flags must be a map of names to 1.',
} as const;

/** a flag name: 1 to 64 characters, no control characters */
const nameProblem = (name: string): string | undefined => {
  if (name === '') return STATS_MSG.nameEmpty;
  if (name.length > STATS_FLAG_NAME_MAX) return STATS_MSG.nameTooLong;
  const checked = text().safeParse(name);
  return checked.success ? undefined : checked.error.issues[0]?.message;
};
/** 1 (or true, '1') counts the flag; 0, false, '' do not */
const flagValue = z.union([z.number(), z.boolean(), z.string().max(16)]);

/** Form fields into {flags}: a JSON text in `flags`, `flags[name]` fields, or each field a flag. */
function toFlagMap(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const fields = body as Record<string, unknown>;
  if (typeof fields.flags === 'string') {
    try {
      return { flags: JSON.parse(fields.flags) };
    } catch {
      return { flags: null };
    }
  }
  if ('flags' in fields) return fields;
  const flags: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    const bracketed = /^flags\[(.*)\]$/.exec(key);
    flags[bracketed ? bracketed[1]! : key] = value;
  }
  return { flags };
}

export const statsSchema = z.preprocess(
  toFlagMap,
  z.object({
    flags: z.record(z.string(), flagValue, { error: STATS_MSG.badFlags }).superRefine((flags, ctx) => {
      const names = Object.keys(flags);
      if (names.length > STATS_FLAGS_MAX) {
        ctx.addIssue({ code: 'custom', message: STATS_MSG.tooMany });
        return;
      }
      for (const name of names) {
        const problem = nameProblem(name);
        if (problem) {
          ctx.addIssue({ code: 'custom', message: problem });
          return;
        }
      }
    }),
  }),
);
export type StatsInput = z.output<typeof statsSchema>;

export const statsReplySchema = z.object({ code: z.literal(1) });

/** Whether a flag's value says the feature was used. */
export function counted(value: number | boolean | string): boolean {
  return value === true || (typeof value === 'number' && value > 0) || value === '1' || value === 'true';
}
