import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { useSavedSearches } from '../../api/saved-searches.ts';
import { lazyNamed, OnFirstUse } from '../../lib/lazy.tsx';
import { links } from '../../lib/links.ts';
import type { AddKind } from '../library/ActionBar.tsx';
import { type ActionId, ITEM_ACTIONS } from '../library/actions.ts';
import { useItemActions } from '../library/useItemActions.ts';
import { useCreateNote } from '../notes/new-note.ts';
import { isEditorTarget, isTypingTarget, NO_SEQUENCE, readShortcut, type ShortcutCommand } from './keys.ts';
import { paletteCommands } from './palette.ts';
import type { KeyboardScope } from './scope.tsx';

const ItemActionDialogs = lazy(() => import('./ItemActionDialogs.tsx'));
// the palette and the shortcut list (Radix Dialog) load on their first opening
const CommandPalette = lazyNamed(() => import('./CommandPalette.tsx'), 'CommandPalette');
const ShortcutHelp = lazyNamed(() => import('./ShortcutHelp.tsx'), 'ShortcutHelp');

/** Dialogs and menus take their own keys; the shortcuts wait until they close (not while they fade out). */
const OVERLAY = ['dialog', 'alertdialog', 'menu']
  .map((role) => `[role="${role}"]:not([data-state="closed"])`)
  .join(', ');

const isAvailable = (id: ActionId, item: ItemReply) =>
  ITEM_ACTIONS.find((a) => a.id === id)?.isAvailable(item, { signedIn: true }) ?? false;

/**
 * The global shortcuts, the command palette and the shortcut list for a signed-in user, on the
 * scopes pages lent through `useKeyboardScope` (KeyboardProvider keeps them). Loaded only once
 * someone is signed in: the sign-in page's first load does without it (issue 14, Speed).
 */
export function KeyboardShortcuts({
  username,
  scopes,
}: {
  username: string;
  scopes: RefObject<RefObject<KeyboardScope>[]>;
}) {
  const navigate = useNavigate();
  const createNote = useCreateNote();
  const [palette, setPalette] = useState<ItemReply[] | null>(null);
  const saved = useSavedSearches(palette !== null);
  const [help, setHelp] = useState(false);
  const sequence = useRef(NO_SEQUENCE);
  const host = useItemActions({
    ctx: { signedIn: true },
    onDeleted: () => scope()?.afterDelete?.(),
  });

  const scope = (): KeyboardScope | undefined => scopes.current[scopes.current.length - 1]?.current;

  const runAction = (id: ActionId, items: ItemReply[]) => {
    const target = items.filter((item) => isAvailable(id, item));
    if (target.length === 0) return;
    const run = scope()?.run ?? host.run;
    run(id, target);
  };
  const add = (kind: AddKind) => {
    const own = scope()?.add;
    if (kind === 'note') createNote();
    else if (own) own(kind);
    else if (username) navigate(links.library(username), { state: { add: kind } });
  };

  const perform = (command: ShortcutCommand) => {
    const items = scope()?.current() ?? [];
    switch (command) {
      case 'palette':
        setPalette((open) => (open ? null : items));
        return;
      case 'help':
        setHelp(true);
        return;
      case 'next':
      case 'previous':
        scope()?.move?.(command === 'next' ? 1 : -1);
        return;
      case 'open':
        if (items.length === 1) scope()?.open?.(items[0]!);
        return;
      case 'edit':
        if (items.length === 1) runAction('edit', items);
        return;
      case 'tags':
        runAction('reviseTags', items);
        return;
      case 'markRead':
        // m toggles: unread items become read; when all are read, they become unread
        runAction(items.some((i) => isAvailable('markRead', i)) ? 'markRead' : 'markUnread', items);
        return;
      case 'goLibrary':
        if (username) navigate(links.library(username));
        return;
      case 'goTags':
        if (username) navigate(links.tags(username));
        return;
    }
  };
  // the listener is added once; it reads the latest render's functions through this ref
  const latest = useRef(perform);
  useEffect(() => {
    latest.current = perform;
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const palettePress = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k';
      if (!palettePress && isTypingTarget(event.target)) {
        sequence.current = NO_SEQUENCE;
        return;
      }
      const { command, state } = readShortcut(sequence.current, event);
      sequence.current = state;
      if (!command) return;
      if (command === 'palette') {
        if (isEditorTarget(event.target)) return;
        const others = [...document.querySelectorAll(OVERLAY)].filter(
          (el) => !el.hasAttribute('data-palette'),
        );
        if (others.length > 0) return;
      } else if (document.querySelector(OVERLAY)) {
        return;
      }
      event.preventDefault();
      latest.current(command);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const busy = host.editing !== null || host.deleting.length > 0 || host.revising.length > 0;
  return (
    <>
      <OnFirstUse when={palette !== null}>
        <CommandPalette
          open={palette !== null}
          onOpenChange={(open) => setPalette(open ? (scope()?.current() ?? []) : null)}
          commands={(query, found) =>
            paletteCommands({
              username,
              query,
              current: palette ?? [],
              found,
              saved: saved.data?.searches,
              ctx: { signedIn: true },
              navigate: (to) => navigate(to),
              add,
              runAction,
              openHelp: () => setHelp(true),
            })
          }
        />
      </OnFirstUse>
      <OnFirstUse when={help}>
        <ShortcutHelp open={help} onOpenChange={setHelp} />
      </OnFirstUse>
      {busy ? (
        <Suspense fallback={null}>
          <ItemActionDialogs actions={host} />
        </Suspense>
      ) : null}
    </>
  );
}
