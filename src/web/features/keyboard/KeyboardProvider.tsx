import {
  type ReactNode,
  type RefObject,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
} from 'react';
import { lazyNamed } from '../../lib/lazy.tsx';
import { type KeyboardScope, KeyboardScopeContext } from './scope.tsx';

const KeyboardShortcuts = lazyNamed(() => import('./KeyboardShortcuts.tsx'), 'KeyboardShortcuts');

/**
 * Keeps the scopes pages lend through `useKeyboardScope`; for a signed-in user, the global shortcuts,
 * the command palette and the shortcut list (KeyboardShortcuts, its own chunk). Without a signed-in
 * user the keys stay the browser's.
 */
export function KeyboardProvider({ username, children }: { username: string | null; children: ReactNode }) {
  const scopes = useRef<RefObject<KeyboardScope>[]>([]);
  const register = useCallback((ref: RefObject<KeyboardScope>) => {
    scopes.current.push(ref);
    return () => {
      scopes.current = scopes.current.filter((s) => s !== ref);
    };
  }, []);
  useLayoutEffect(() => {
    if (username) keepKeysUntilShortcutsLoad();
  }, [username]);
  return (
    <KeyboardScopeContext.Provider value={register}>
      {children}
      {username ? (
        <Suspense fallback={null}>
          <KeyboardShortcuts username={username} scopes={scopes} />
          <ReplayEarlyKeys />
        </Suspense>
      ) : null}
    </KeyboardScopeContext.Provider>
  );
}

/** Keys pressed before KeyboardShortcuts' chunk arrived, kept to be played again once it listens. */
let earlyKeys: KeyboardEvent[] | null = null;
/** Once KeyboardShortcuts has listened, its chunk is in: later mounts need no keeping. */
let shortcutsLoaded = false;

function keepEarlyKey(event: KeyboardEvent) {
  // what the page already handled (a field's Escape, a dialog's keys) is not played twice
  if (event.repeat || event.defaultPrevented || event.key === 'Escape' || !earlyKeys) return;
  earlyKeys.push(event);
  // Ctrl/Cmd+K is the palette's, not the browser's search box, even before the palette is here
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') event.preventDefault();
}

/**
 * Mounts with KeyboardShortcuts, once its chunk has loaded (a sibling in the same Suspense, so its
 * effect runs after KeyboardShortcuts' listener is in place). Until then the keys a user types on a
 * freshly loaded page (Ctrl+K, j) are kept, then dispatched again where they were pressed.
 */
function ReplayEarlyKeys() {
  useEffect(() => {
    const kept = earlyKeys ?? [];
    earlyKeys = null;
    shortcutsLoaded = true;
    window.removeEventListener('keydown', keepEarlyKey);
    for (const event of kept) {
      const target = event.target instanceof Node && event.target.isConnected ? event.target : document.body;
      target.dispatchEvent(
        new KeyboardEvent('keydown', { ...keyInit(event), bubbles: true, cancelable: true }),
      );
    }
  }, []);
  return null;
}

function keyInit({ key, code, ctrlKey, metaKey, shiftKey, altKey }: KeyboardEvent): KeyboardEventInit {
  return { key, code, ctrlKey, metaKey, shiftKey, altKey };
}

/** Starts keeping keys for a signed-in user until ReplayEarlyKeys takes over. */
function keepKeysUntilShortcutsLoad() {
  if (earlyKeys || shortcutsLoaded) return;
  earlyKeys = [];
  window.addEventListener('keydown', keepEarlyKey);
}
