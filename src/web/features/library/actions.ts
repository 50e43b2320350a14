import type { ItemReply } from '../../../shared/schemas/items.ts';
import { COPY_ITEM_MSG } from '../../../shared/schemas/values.ts';
import { exportCsvUrl } from '../../api/items.ts';
import { copyItem } from '../../api/profile.ts';
import { noteFeature } from '../../api/stats.ts';
import { links } from '../../lib/links.ts';
import type { Notify } from '../../ui/notifications/NotificationProvider.tsx';
import { askExtensionForScreenshot, EXTENSION_MISSING_MESSAGE } from '../extension/extension.ts';
import { libraryText } from './messages.ts';

/** Sign in, then come back to the page the visitor was on. */
const signInAndBack = () => links.signIn(`${window.location.pathname}${window.location.search}`);

/**
 * Every user action on items, defined once with what it does: item menus, the bulk bar and shortcuts
 * read from here, so the spec's per-type rules (part 1 §4, §6) live in one place.
 */
export interface ActionContext {
  signedIn: boolean;
  /** the signed-in user's name, where read-only lists show their own items too (the public profile) */
  userName?: string;
}

/** What actions act through: the calls, the notifications and the dialogs the screen owns. */
export interface ActionRuntime {
  ctx: ActionContext;
  notify: Notify;
  markRead(ids: number[], read: boolean): Promise<{ link_ids: number[] }>;
  convertMode(ids: number[], mode: 'public' | 'private'): Promise<unknown>;
  star(ids: number[], starred: boolean): Promise<unknown>;
  openEdit(item: ItemReply): void;
  openDelete(items: ItemReply[]): void;
  openReviseTags(items: ItemReply[]): void;
  /** Add to outliner (one item) or Organize in Outliner (a selection) */
  openAddToOutliner(items: ItemReply[]): void;
  /** the Share modal of one item (its share link) */
  openShare(item: ItemReply): void;
  /** Send an Email with one item or a selection */
  openSendEmail(items: ItemReply[]): void;
  /** the Export modal (issue 18) for one item or a selection */
  openExport(items: ItemReply[]): void;
  /** Generate Report for one item or a selection */
  openReport(items: ItemReply[]): void;
  /** Share to Group (spec part 1 §2): the group picker; screens without it offer no such action */
  openShareToGroup?(items: ItemReply[]): void;
  /** leaves for an address (a download) or opens it in a new tab */
  go(url: string, opts?: { newTab: boolean }): void;
}

type ItemFacts = Pick<ItemReply, 'type_name' | 'readed' | 'private' | 'canEdit'> & {
  user_name?: string;
  starred?: 0 | 1;
};

export interface ItemAction {
  id: ActionId;
  label: string;
  /** offered in the bulk bar's more-menu */
  bulk: boolean;
  /** single-key shortcut on the focused item */
  shortcut?: string;
  isAvailable(item: ItemFacts, ctx: ActionContext): boolean;
  /** runs on the items it is available for; `items` is never empty */
  perform(items: ItemReply[], rt: ActionRuntime): void | Promise<void>;
}

export type ActionId =
  | 'edit'
  | 'reviseTags'
  | 'addToOutliner'
  | 'share'
  | 'sendEmail'
  | 'shareToGroup'
  | 'markRead'
  | 'markUnread'
  | 'makePublic'
  | 'makePrivate'
  | 'star'
  | 'unstar'
  | 'cachedPage'
  | 'screenshot'
  | 'downloadImage'
  | 'exportCsv'
  | 'export'
  | 'report'
  | 'saveToLibrary'
  | 'delete';

const owner = (item: ItemFacts) => item.canEdit;

function markRead(read: boolean): ItemAction['perform'] {
  return async (items, rt) => {
    const ids = applicableIds(read ? 'markRead' : 'markUnread', items, rt.ctx);
    if (ids.length === 0) return;
    const shown = rt.notify({ text: read ? 'Marking as read...' : 'Marking as unread...', kind: 'progress' });
    try {
      const reply = await rt.markRead(ids, read);
      shown.update({
        kind: 'done',
        text: read ? libraryText.markedRead(reply.link_ids.length) : libraryText.markedUnread,
      });
    } catch {
      shown.update({ kind: 'error', text: libraryText.markFailed });
    }
  };
}

function convertMode(mode: 'public' | 'private'): ItemAction['perform'] {
  return async (items, rt) => {
    const ids = applicableIds(mode === 'public' ? 'makePublic' : 'makePrivate', items, rt.ctx);
    if (ids.length === 0) return;
    try {
      await rt.convertMode(ids, mode);
      rt.notify({ kind: 'done', text: libraryText.privacyDone });
    } catch {
      rt.notify({ kind: 'error', text: libraryText.privacyFailed });
    }
  };
}

function star(starred: boolean): ItemAction['perform'] {
  return async (items, rt) => {
    const ids = applicableIds(starred ? 'star' : 'unstar', items, rt.ctx);
    if (ids.length === 0) return;
    try {
      await rt.star(ids, starred);
    } catch {
      rt.notify({ kind: 'error', text: libraryText.starFailed });
    }
  };
}

export const ITEM_ACTIONS: readonly ItemAction[] = [
  {
    id: 'edit',
    label: 'Edit',
    bulk: false,
    shortcut: 'e',
    isAvailable: owner,
    perform: (items, rt) => rt.openEdit(items[0]!),
  },
  {
    id: 'reviseTags',
    label: 'Revise Tags',
    bulk: true,
    shortcut: 't',
    isAvailable: owner,
    perform: (items, rt) => rt.openReviseTags(items),
  },
  {
    // the bulk bar offers it as Organize in Outliner, beside the more-menu
    id: 'addToOutliner',
    label: 'Add to outliner',
    bulk: false,
    // o is Open in the global shortcuts (issue 14), so Add to outliner takes a
    shortcut: 'a',
    isAvailable: owner,
    perform: (items, rt) => rt.openAddToOutliner(items),
  },
  {
    // a secret link anyone can open read-only, private items included
    id: 'share',
    label: 'Share',
    bulk: false,
    isAvailable: owner,
    perform: (items, rt) => rt.openShare(items[0]!),
  },
  {
    // the bulk bar offers it beside the more-menu
    id: 'sendEmail',
    label: 'Send an Email',
    bulk: false,
    isAvailable: owner,
    perform: (items, rt) => rt.openSendEmail(items),
  },
  {
    // not for notes (spec part 1 §6); the bulk bar offers it beside Organize in Outliner
    id: 'shareToGroup',
    label: 'Share to Group',
    bulk: false,
    isAvailable: (item) => owner(item) && item.type_name !== 'note',
    perform: (items, rt) => rt.openShareToGroup?.(items),
  },
  {
    id: 'markRead',
    label: 'Mark as read',
    bulk: true,
    // m toggles: the one of mark read / mark unread the item allows
    shortcut: 'm',
    isAvailable: (item) => owner(item) && item.readed === 0,
    perform: markRead(true),
  },
  {
    // not for notes, images or kindle items, nor items already unread
    id: 'markUnread',
    label: 'Mark as unread',
    bulk: true,
    shortcut: 'm',
    isAvailable: (item) =>
      owner(item) && item.readed === 1 && !['note', 'image', 'kindle'].includes(item.type_name),
    perform: markRead(false),
  },
  {
    // notes are always private
    id: 'makePublic',
    label: 'Convert to public',
    bulk: true,
    isAvailable: (item) => owner(item) && item.private === 1 && item.type_name !== 'note',
    perform: convertMode('public'),
  },
  {
    id: 'makePrivate',
    label: 'Convert to private',
    bulk: true,
    isAvailable: (item) => owner(item) && item.private === 0,
    perform: convertMode('private'),
  },
  {
    // s toggles, like m: the one of star / unstar the item allows
    id: 'star',
    label: 'Star',
    bulk: true,
    shortcut: 's',
    isAvailable: (item) => owner(item) && item.starred !== 1,
    perform: star(true),
  },
  {
    id: 'unstar',
    label: 'Unstar',
    bulk: true,
    shortcut: 's',
    isAvailable: (item) => owner(item) && item.starred === 1,
    perform: star(false),
  },
  {
    id: 'cachedPage',
    label: 'Cached page',
    bulk: false,
    isAvailable: (item) => item.type_name === 'bookmark',
    perform: (items, rt) => rt.go(links.cachedPage(items[0]!.url), { newTab: true }),
  },
  {
    // spec part 2 §6: a bookmark's screenshot needs the browser extension, else its install prompt
    id: 'screenshot',
    label: 'Take screenshot',
    bulk: false,
    isAvailable: (item) => owner(item) && item.type_name === 'bookmark',
    perform: (items, rt) => {
      if (askExtensionForScreenshot(document.documentElement, items[0]!.url)) {
        rt.notify({ kind: 'done', text: 'The extension opens the page and saves it with its screenshot.' });
      } else {
        rt.notify({
          kind: 'error',
          text: EXTENSION_MISSING_MESSAGE,
          action: { label: 'Install the extension', onClick: () => rt.go(links.extension) },
        });
      }
    },
  },
  {
    id: 'downloadImage',
    label: 'Download Image',
    bulk: false,
    isAvailable: (item) => item.type_name === 'image',
    perform: (items, rt) => {
      if (items[0]!.download_url) rt.go(items[0]!.download_url);
    },
  },
  {
    id: 'exportCsv',
    label: 'Export as csv',
    bulk: true,
    isAvailable: owner,
    perform: (items, rt) => rt.go(exportCsvUrl(items.map((i) => i.link_id))),
  },
  {
    // the bulk bar offers Export and Generate Report as buttons of their own
    id: 'export',
    label: 'Export',
    bulk: false,
    isAvailable: owner,
    perform: (items, rt) => rt.openExport(items),
  },
  {
    id: 'report',
    label: 'Generate Report',
    bulk: false,
    isAvailable: owner,
    perform: (items, rt) => rt.openReport(items),
  },
  {
    // copies someone else's item with its highlights; hidden for one's own; a visitor signs in first
    id: 'saveToLibrary',
    label: 'Save to My Library',
    bulk: false,
    isAvailable: (item, ctx) =>
      !item.canEdit && !(ctx.userName && item.user_name?.toLowerCase() === ctx.userName.toLowerCase()),
    perform: async (items, rt) => {
      if (!rt.ctx.signedIn) {
        rt.go(signInAndBack());
        return;
      }
      try {
        await copyItem(items[0]!, true);
        rt.notify({ kind: 'done', text: COPY_ITEM_MSG.saved });
      } catch {
        rt.notify({ kind: 'error', text: COPY_ITEM_MSG.failed });
      }
    },
  },
  {
    id: 'delete',
    label: 'Delete',
    bulk: true,
    shortcut: 'Delete',
    isAvailable: owner,
    perform: (items, rt) => rt.openDelete(items),
  },
];

/** Runs an action on one item or a selection. */
export function performAction(id: ActionId, items: ItemReply[], rt: ActionRuntime) {
  const action = ITEM_ACTIONS.find((a) => a.id === id);
  if (!action || items.length === 0) return;
  noteFeature(`action.${id}`);
  return action.perform(items, rt);
}

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
  'star',
  'unstar',
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
