import type { TagCount } from '../../../shared/schemas/tags.ts';

/** The spec's six tag popularity levels (part 1 §3), smallest first. */
export const TAG_LEVELS = [
  'notPopular',
  'notVeryPopular',
  'someWhatPopular',
  'popular',
  'veryPopular',
  'ultraPopular',
] as const;
export type TagLevel = (typeof TAG_LEVELS)[number];

const TOP_LEVEL = TAG_LEVELS.length - 1;

/**
 * A tag's level on a log scale 0-5 between the smallest and largest count shown (part 1 §9). The log
 * keeps one huge tag from flattening every other tag to the bottom level. Counts below 1 count as 1,
 * and when every tag has the same count they all share the bottom level.
 */
export function tagLevel(count: number, min: number, max: number): TagLevel {
  const lo = Math.log(Math.max(1, min));
  const hi = Math.log(Math.max(1, max));
  if (hi <= lo) return TAG_LEVELS[0];
  const value = Math.min(Math.max(Math.log(Math.max(1, count)), lo), hi);
  // the clamp above keeps the index in 0..5; the fallback only satisfies the index type
  return TAG_LEVELS[Math.round(((value - lo) / (hi - lo)) * TOP_LEVEL)] ?? 'ultraPopular';
}

export interface CloudTag extends TagCount {
  level: TagLevel;
}

/** The cloud: the top tags by count, shown sorted by name (case-insensitive), each with its level. */
export function cloudTags(tags: readonly TagCount[]): CloudTag[] {
  if (tags.length === 0) return [];
  const counts = tags.map((t) => t.count);
  const min = Math.min(...counts);
  const max = Math.max(...counts);
  return [...tags]
    .sort((a, b) => compareTagNames(a.name, b.name))
    .map((t) => ({ ...t, level: tagLevel(t.count, min, max) }));
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

export function compareTagNames(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}
