import type { PermalinkTarget } from '../../../shared/schemas/toolbar.ts';
import type { ItemsService } from '../items/service.ts';
import type { SharingService } from '../sharing/service.ts';

/**
 * The extension toolbar's share_makePermalink: the user's own item (by id, or by URL, saved as the
 * add form saves it when new) and its share link, made by the sharing service (POST /api/sharing/create's).
 * Items of others are never reached: both lookups are the owner's.
 */
export class ToolbarService {
  constructor(private readonly deps: { items: ItemsService; sharing: SharingService }) {}

  async makePermalink(
    user: { id: number },
    target: PermalinkTarget,
    origin: string,
  ): Promise<{ permalink: string; link_id: number }> {
    let itemId: number;
    if ('link_id' in target) itemId = target.link_id;
    else {
      itemId =
        (await this.deps.items.bookmarkIdFor(user.id, target.url)) ??
        (await this.deps.items.saveBookmark(user, { url: target.url, title: target.title })).link_id;
    }
    const info = await this.deps.sharing.create(user, itemId, origin);
    return { permalink: info.item_url, link_id: info.link_id };
  }
}
