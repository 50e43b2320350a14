import type { Readable } from 'node:stream';
import {
  EXPORT_FILE_NAMES,
  type ExportItemsInput,
  type ExportPreviewInput,
  type ExportPreviewReply,
} from '../../../shared/schemas/export.ts';
import type { Executor } from '../../db/client.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { checkOwnAll } from '../items/access.ts';
import type { ItemsService } from '../items/service.ts';
import { type ExportItem, exportItems } from './content.ts';
import { markdownZip, singleMarkdown } from './markdown.ts';
import { buildPdf } from './pdf.ts';
import { previewOf } from './preview.ts';
import { buildWord } from './word.ts';

export interface ExportDeps {
  db: Executor;
  items: ItemsService;
  blobs: BlobStore;
}

export interface ExportFile {
  fileName: string;
  contentType: string;
  body: Readable;
}

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * Exports of one's own items (issue 18): every id is checked as the caller's before anything is
 * made; the file is then built as a stream while the items load a batch at a time.
 */
export class ExportService {
  constructor(private readonly deps: ExportDeps) {}

  async file(user: { id: number }, { link_ids, format }: ExportItemsInput): Promise<ExportFile> {
    await checkOwnAll(this.deps.db, user, link_ids);
    const items = exportItems(this.deps, user, link_ids);
    switch (format) {
      case 'pdf':
        return { fileName: EXPORT_FILE_NAMES.pdf, contentType: 'application/pdf', body: buildPdf(items) };
      case 'doc':
        return { fileName: EXPORT_FILE_NAMES.doc, contentType: DOCX_TYPE, body: buildWord(items) };
      case 'md':
        return link_ids.length === 1
          ? {
              fileName: EXPORT_FILE_NAMES.md,
              contentType: 'text/markdown; charset=utf-8',
              body: await singleMarkdown(items),
            }
          : { fileName: EXPORT_FILE_NAMES.mdZip, contentType: 'application/zip', body: markdownZip(items) };
    }
  }

  async preview(user: { id: number }, { link_ids }: ExportPreviewInput): Promise<ExportPreviewReply> {
    await checkOwnAll(this.deps.db, user, link_ids);
    const list: ExportItem[] = [];
    for await (const item of exportItems(this.deps, user, link_ids))
      list.push({ ...item, picture: undefined });
    const { html, text } = previewOf(list);
    const title = list.length === 1 ? list[0]!.title : `Report on ${list.length} items`;
    return { code: 1, title, html, text };
  }
}
