import type { ItemReply } from '../../../shared/schemas/items.ts';

/**
 * Every user action on items, defined once: item menus, the bulk bar and shortcuts read from here, so
 * the spec's per-type rules (part 1 §4, §6) live in one place. The screen maps each id to its work.
 */
export interface ActionContext {
  signedIn: boolean;
}

type ItemFacts = Pick<ItemReply, 'type_name' | 'readed' | 'private' | 'canEdit'>;

export interface ItemAction {
  id: ActionId;
  label: string;
  /** offered in the bulk bar's more-menu */
  bulk: boolean;
  /** single-key shortcut on the focused item */
  shortcut?: string;
  isAvailable(item: ItemFacts, ctx: ActionContext): boolean;
}

export type ActionId =
  | 'edit'
  | 'reviseTags'
  | 'markRead'
  | 'markUnread'
  | 'makePublic'
  | 'makePrivate'
  | 'cachedPage'
  | 'downloadImage'
  | 'exportCsv'
  | 'saveToLibrary'
  | 'delete';

const owner = (item: ItemFacts) => item.canEdit;

export const ITEM_ACTIONS: readonly ItemAction[] = [
  { id: 'edit', label: 'Edit', bulk: false, shortcut: 'e', isAvailable: owner },
  { id: 'reviseTags', label: 'Revise Tags', bulk: true, shortcut: 't', isAvailable: owner },
  {
    id: 'markRead',
    label: 'Mark as read',
    bulk: true,
    shortcut: 'r',
    isAvailable: (item) => owner(item) && item.readed === 0,
  },
  {
    // not for notes, images or kindle items, nor items already unread
    id: 'markUnread',
    label: 'Mark as unread',
    bulk: true,
    shortcut: 'u',
    isAvailable: (item) =>
      owner(item) && item.readed === 1 && !['note', 'image', 'kindle'].includes(item.type_name),
  },
  {
    // notes are always private
    id: 'makePublic',
    label: 'Convert to public',
    bulk: true,
    isAvailable: (item) => owner(item) && item.private === 1 && item.type_name !== 'note',
  },
  {
    id: 'makePrivate',
    label: 'Convert to private',
    bulk: true,
    isAvailable: (item) => owner(item) && item.private === 0,
  },
  {
    id: 'cachedPage',
    label: 'Cached page',
    bulk: false,
    isAvailable: (item) => item.type_name === 'bookmark',
  },
  {
    id: 'downloadImage',
    label: 'Download Image',
    bulk: false,
    isAvailable: (item) => item.type_name === 'image',
  },
  { id: 'exportCsv', label: 'Export as csv', bulk: true, isAvailable: owner },
  {
    // copies someone else's item; hidden for one's own
    id: 'saveToLibrary',
    label: 'Save to My Library',
    bulk: false,
    isAvailable: (item, ctx) => ctx.signedIn && !item.canEdit,
  },
  { id: 'delete', label: 'Delete', bulk: true, shortcut: 'Delete', isAvailable: owner },
];

export function actionsFor(item: ItemFacts, ctx: ActionContext): ItemAction[] {
  return ITEM_ACTIONS.filter((a) => a.isAvailable(item, ctx));
}

/** Bulk more-menu entries in the spec's order. */
export const BULK_MENU_ORDER: ActionId[] = [
  'reviseTags',
  'makePublic',
  'makePrivate',
  'markUnread',
  'markRead',
  'exportCsv',
];

/** The ids a bulk action applies to: items it is not available for are skipped (e.g. images in mark unread). */
export function applicableIds(
  actionId: ActionId,
  items: (ItemFacts & { link_id: number })[],
  ctx: ActionContext,
) {
  const action = ITEM_ACTIONS.find((a) => a.id === actionId);
  return action ? items.filter((i) => action.isAvailable(i, ctx)).map((i) => i.link_id) : [];
}
