import type { ItemReply } from '../../../shared/schemas/items.ts';
import { links } from '../../lib/links.ts';
import type { AddKind } from '../library/ActionBar.tsx';
import { type ActionContext, type ActionId, applicableIds, ITEM_ACTIONS } from '../library/actions.ts';

export type CommandGroup = 'Search' | 'Items' | 'Actions' | 'Add' | 'Go to' | 'Help';

export interface PaletteCommand {
  id: string;
  group: CommandGroup;
  label: string;
  /** shown on the right: the item acted on, or the key that does the same */
  hint?: string;
  /** further words it is found by */
  keywords?: string;
  run(): void;
}

export interface PaletteInput {
  username: string;
  /** the text typed in the palette */
  query: string;
  /** the focused item, the selection, or the item on screen */
  current: ItemReply[];
  /** the user's items whose title holds the typed text (asked of the server as they type) */
  found?: ItemReply[];
  /** the user's saved searches (issue 33), with their counts */
  saved?: { id: number; name: string; query: string; count: number }[];
  ctx: ActionContext;
  navigate(to: string): void;
  add(kind: AddKind): void;
  runAction(id: ActionId, items: ItemReply[]): void;
  openHelp(): void;
}

/** The library's add menu (library/ActionBar.tsx), in its order. */
const ADD: { kind: AddKind; label: string; keywords: string }[] = [
  { kind: 'bookmark', label: 'Add a bookmark', keywords: 'new save page url link' },
  { kind: 'note', label: 'Add a note', keywords: 'new write' },
  { kind: 'pdf', label: 'Upload a PDF', keywords: 'add new file document' },
  { kind: 'image', label: 'Upload an image', keywords: 'add new picture photo' },
  { kind: 'kindle', label: 'Import Kindle highlights', keywords: 'add clippings book' },
  {
    kind: 'import',
    label: 'Import from another service',
    keywords:
      'move migrate pocket raindrop pinboard instapaper readwise karakeep linkwarden wallabag omnivore diigo bookmarks',
  },
];

function places(username: string): { id: string; label: string; to: string; keywords?: string }[] {
  const library = (query: Record<string, string>) => links.library(username, new URLSearchParams(query));
  return [
    { id: 'library', label: 'My Library', to: links.library(username), keywords: 'home all items' },
    { id: 'unread', label: 'Unread items', to: library({ unread: 'yes' }) },
    {
      id: 'starred',
      label: 'Starred items',
      to: library({ starred: 'yes' }),
      keywords: 'favourites favorites',
    },
    { id: 'annotated', label: 'Annotated items', to: library({ ann: 'yes' }), keywords: 'highlights' },
    { id: 'bookmarks', label: 'Bookmarks', to: library({ filter: 'bookmark' }) },
    { id: 'notes', label: 'Notes', to: library({ filter: 'note' }) },
    { id: 'pdfs', label: 'PDFs', to: library({ filter: 'pdf' }) },
    { id: 'images', label: 'Images', to: library({ filter: 'image' }), keywords: 'pictures' },
    { id: 'kindle', label: 'Kindle books', to: library({ filter: 'kindle' }) },
    { id: 'tags', label: 'Tags', to: links.tags(username) },
    { id: 'profile', label: 'Public Library', to: links.profile(username), keywords: 'profile' },
    { id: 'outliners', label: 'My Outliners', to: links.outliners() },
    { id: 'review', label: 'Daily Review', to: '/review', keywords: 'highlights remember spaced repetition' },
    { id: 'duplicates', label: 'Duplicates', to: links.duplicates(), keywords: 'same page merge' },
    { id: 'trash', label: 'Trash', to: links.trash(), keywords: 'deleted restore bin' },
    { id: 'groups', label: 'My Groups', to: '/groups' },
    { id: 'settings', label: 'Settings', to: '/setting', keywords: 'account preferences' },
    { id: 'premium', label: 'Premium', to: '/premium', keywords: 'plan upgrade' },
    { id: 'tutorial', label: 'Tutorial', to: '/tutorial', keywords: 'help guide' },
  ];
}

function subject(items: ItemReply[]): string {
  if (items.length === 1) return items[0]!.title || items[0]!.url || 'this item';
  return `${items.length} selected items`;
}

/** The item actions (library/actions.ts) that apply to the current item or the whole selection. */
function actionCommands(input: PaletteInput): PaletteCommand[] {
  const { current, ctx } = input;
  if (current.length === 0) return [];
  return ITEM_ACTIONS.filter((action) =>
    current.length === 1 ? action.isAvailable(current[0]!, ctx) : action.bulk,
  )
    .filter((action) => current.length === 1 || applicableIds(action.id, current, ctx).length > 0)
    .map((action) => ({
      id: `action:${action.id}`,
      group: 'Actions' as const,
      label: action.label,
      hint: subject(current),
      run: () => input.runAction(action.id, current),
    }));
}

/** Every command, in the order shown before anything is typed. */
export function paletteCommands(input: PaletteInput): PaletteCommand[] {
  const text = input.query.trim();
  const search: PaletteCommand[] = text
    ? [
        {
          id: 'search',
          group: 'Search',
          label: `Search the library for “${text}”`,
          run: () => input.navigate(links.library(input.username, new URLSearchParams({ query: text }))),
        },
      ]
    : [];
  const found = (input.found ?? []).map((item) => ({
    id: `item:${item.link_id}`,
    group: 'Items' as const,
    label: item.title || item.url || 'Untitled',
    hint: item.host || item.type_name,
    run: () => input.navigate(links.item(input.username, item.link_id)),
  }));
  const saved = (input.saved ?? []).map((s) => ({
    id: `saved:${s.id}`,
    group: 'Go to' as const,
    label: s.name,
    hint: String(s.count),
    keywords: 'saved search',
    run: () => input.navigate(links.library(input.username, s.query)),
  }));
  return [
    ...search,
    ...found,
    ...actionCommands(input),
    ...saved,
    ...ADD.map(({ kind, label, keywords }) => ({
      id: `add:${kind}`,
      group: 'Add' as const,
      label,
      keywords,
      run: () => input.add(kind),
    })),
    ...places(input.username).map(({ id, label, to, keywords }) => ({
      id: `go:${id}`,
      group: 'Go to' as const,
      label,
      ...(keywords ? { keywords } : {}),
      run: () => input.navigate(to),
    })),
    {
      id: 'help',
      group: 'Help',
      label: 'Keyboard shortcuts',
      hint: '?',
      keywords: 'keys help',
      run: input.openHelp,
    },
  ];
}

/**
 * The commands matching the typed text: every word must appear in the label, the group or the
 * keywords. Labels starting with the text come first, then the library search (which always
 * matches, so Enter on any text searches) and the items found by title, then the other matches.
 */
export function filterCommands(commands: PaletteCommand[], query: string): PaletteCommand[] {
  const text = query.trim().toLowerCase();
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length === 0) return commands;
  // the search and the items found by title always match: the server matched the items
  const search = commands.filter((c) => c.group === 'Search' || c.group === 'Items');
  const matching = commands.filter((c) => {
    if (c.group === 'Search' || c.group === 'Items') return false;
    const haystack = `${c.label} ${c.group} ${c.keywords ?? ''}`.toLowerCase();
    return words.every((w) => haystack.includes(w));
  });
  const starts = (c: PaletteCommand) => c.label.toLowerCase().startsWith(text);
  return [...matching.filter(starts), ...search, ...matching.filter((c) => !starts(c))];
}
