import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type {
  ItemByUrlInput,
  ItemByUrlReply,
  SaveRenderedInput,
  SaveRenderedReply,
} from '../../../shared/schemas/extension.ts';
import { RENDERED_MSG } from '../../../shared/schemas/extension.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { ValidationError } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import { PICTURE_MAX_BYTES } from '../capture/pictures.ts';
import { queueCopyCapture } from '../items/capture-hook.ts';
import type { ItemsService } from '../items/service.ts';
import { sniffImage } from '../notes/images.ts';

/** Where a rendered page waits for its capture job (the job deletes it once stored). */
export const renderedKey = (userId: number) =>
  `rendered/${userId}/${randomBytes(16).toString('base64url')}.html`;

/**
 * The browser extension's saves: the page as the browser rendered it goes through the capture job
 * like a fetched page (Readability, the stored-HTML sanitiser, pictures, page text), only without
 * fetching it, so pages behind a login or built by scripts keep what the user saw. The visible
 * area's screenshot is stored as a page picture and becomes the copy's cover, hence the thumbnail.
 */
export class ExtensionService {
  constructor(private readonly deps: { items: ItemsService; jobs: JobQueue; blobs: BlobStore }) {}

  async saveRendered(user: { id: number }, input: SaveRenderedInput): Promise<SaveRenderedReply> {
    const { html, screenshot, ...fields } = input;
    const shot = screenshot ? decodeScreenshot(screenshot) : null;
    const copyKey = renderedKey(user.id);
    const coverKey = shot
      ? `pages/${user.id}/${randomBytes(16).toString('base64url')}.${shot.ext}`
      : undefined;
    const { blobs } = this.deps;
    try {
      await blobs.put(copyKey, Readable.from([Buffer.from(html, 'utf8')]), 'text/html');
      if (shot && coverKey) await blobs.put(coverKey, Readable.from([shot.bytes]), shot.mime);
      const item = await this.deps.items.saveBookmark(user, fields, async (tx, row) => {
        await queueCopyCapture(this.deps.jobs, tx, row, { copyKey, coverKey });
        return async () => {};
      });
      return { code: 1, item };
    } catch (err) {
      // nothing was saved: the blobs would belong to no job
      await blobs.delete(copyKey);
      if (coverKey) await blobs.delete(coverKey);
      throw err;
    }
  }

  async byUrl(user: { id: number }, { url }: ItemByUrlInput): Promise<ItemByUrlReply> {
    return { link_id: (await this.deps.items.bookmarkIdFor(user.id, url)) ?? null };
  }
}

/** The screenshot's bytes, refused unless they are the picture the data: URL says they are. */
function decodeScreenshot(dataUrl: string) {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const kind = sniffImage(bytes);
  if (!kind || !['png', 'jpg', 'webp'].includes(kind.ext) || bytes.length > PICTURE_MAX_BYTES)
    throw new ValidationError(RENDERED_MSG.screenshot, 'screenshot');
  return { bytes, ext: kind.ext, mime: kind.mime };
}
