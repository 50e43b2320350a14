import { CHIP_MIN_WIDTH_PX, CHIP_WIDTH_PER_CHAR_PX } from '../../shared/limits.ts';

/**
 * Chip input rules (spec part 1 §5): empty entries and duplicates are ignored. Duplicates compare
 * without case, since the chips are e-mail addresses, user names and tags.
 */
export function addChip(chips: readonly string[], raw: string): string[] {
  const chip = raw.trim();
  if (!chip) return [...chips];
  const key = chip.toLowerCase();
  if (chips.some((c) => c.toLowerCase() === key)) return [...chips];
  return [...chips, chip];
}

/** Backspace in an empty input removes the last chip. */
export function removeLastChip(chips: readonly string[]): string[] {
  return chips.slice(0, -1);
}

/** The text input grows with what is typed: 30 px plus 11 px per character (spec part 1 §9). */
export function chipInputWidth(text: string): number {
  return CHIP_MIN_WIDTH_PX + CHIP_WIDTH_PER_CHAR_PX * text.length;
}
