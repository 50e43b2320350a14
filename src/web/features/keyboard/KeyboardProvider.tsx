import { type ReactNode, type RefObject, Suspense, useCallback, useRef } from 'react';
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
  return (
    <KeyboardScopeContext.Provider value={register}>
      {children}
      {username ? (
        <Suspense fallback={null}>
          <KeyboardShortcuts username={username} scopes={scopes} />
        </Suspense>
      ) : null}
    </KeyboardScopeContext.Provider>
  );
}
