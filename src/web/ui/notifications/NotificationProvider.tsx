import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { NotificationList } from './NotificationList.tsx';

export type NotificationKind = 'progress' | 'done' | 'error';

export interface NotificationInput {
  text: string;
  kind: NotificationKind;
  /** one follow-up, e.g. switching to a filter that shows what was just added */
  action?: { label: string; onClick: () => void };
}

export interface ShownNotification extends NotificationInput {
  id: number;
}

/** Lets the caller turn "Saving..." into "Saved" (or an error) in place, or remove it early. */
export interface NotificationHandle {
  update(patch: Partial<NotificationInput>): void;
  dismiss(): void;
}

export type Notify = (input: NotificationInput) => NotificationHandle;

const NotifyContext = createContext<Notify | null>(null);

export function NotificationProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<ShownNotification[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setShown((list) => list.filter((n) => n.id !== id));
  }, []);

  const notify = useCallback<Notify>(
    (input) => {
      const id = nextId.current++;
      setShown((list) => [...list, { ...input, id }]);
      return {
        update: (patch) => setShown((list) => list.map((n) => (n.id === id ? { ...n, ...patch } : n))),
        dismiss: () => dismiss(id),
      };
    },
    [dismiss],
  );

  const value = useMemo(() => notify, [notify]);
  return (
    <NotifyContext.Provider value={value}>
      {children}
      <NotificationList notifications={shown} onDismiss={dismiss} />
    </NotifyContext.Provider>
  );
}

export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify needs a NotificationProvider above it');
  return notify;
}
