import type { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { linkIdsSchema } from '../../../shared/schemas/items.ts';
import { splitTName } from '../../../shared/tags.ts';
import { parse } from '../../platform/errors.ts';
import type { Actor } from '../../policies/authorized.ts';
import type { ItemsService } from './service.ts';

export const CSV_COLUMNS = ['title', 'url', 'tags', 'description', 'annotations'] as const;

/**
 * Export as csv (bulk bar): the selected items in the order given, one row each, streamed. Any id
 * the caller may not read refuses the whole export.
 */
export async function exportCsv(items: ItemsService, viewer: Actor, query: unknown): Promise<Readable> {
  const { link_id } = parse(linkIdsSchema, query);
  const selected = await items.loadAll(viewer, link_id);
  const csv = stringify({ header: true, columns: [...CSV_COLUMNS] });
  queueMicrotask(() => {
    for (const item of selected) {
      csv.write({
        title: item.title,
        url: item.url,
        tags: splitTName(item.t_name).join(' '),
        description: item.description,
        annotations: item.annotations.map((a) => (a as { content?: string }).content ?? '').join('\n'),
      });
    }
    csv.end();
  });
  return csv;
}
