import { MAIL_QUOTES_MAX } from '../../../shared/limits.ts';
import { SHAPE } from '../../../shared/schemas/annotations.ts';
import type { ItemReply } from '../../../shared/schemas/items.ts';

const QUOTED: readonly number[] = [SHAPE.text, SHAPE.extension, SHAPE.pdfHighlight, SHAPE.kindleHighlight];

/** The items' highlights as the e-mail's quotes (float notes and pictures are not quotes). */
export function quotesOf(items: readonly Pick<ItemReply, 'annotations'>[]): string[] {
  return items
    .flatMap((item) => item.annotations)
    .filter((a) => QUOTED.includes(a.shape) && a.content.trim() !== '')
    .map((a) => a.content)
    .slice(0, MAIL_QUOTES_MAX);
}
