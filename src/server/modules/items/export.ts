import type { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { CSV_COLUMNS, type LinkIdsInput } from '../../../shared/schemas/items.ts';
import { splitTName } from '../../../shared/tags.ts';
import type { Actor } from '../../policies/authorized.ts';
import type { ItemsService } from './service.ts';

/**
 * Export as csv (bulk bar): the selected items in the order given, one row each, streamed. Any id
 * the caller may not read refuses the whole export.
 */
export async function exportCsv(
  items: ItemsService,
  viewer: Actor,
  { link_id }: LinkIdsInput,
): Promise<Readable> {
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
