import { useNavigate } from 'react-router';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { links } from '../../lib/links.ts';
import { useKeyboardScope } from './scope.tsx';

/** An item page lends its item to the shortcuts: e, t, m and the palette act on it; o opens its original. */
export function useItemKeyboardScope(item: ItemReply | undefined, username: string): void {
  const navigate = useNavigate();
  useKeyboardScope({
    current: () => (item ? [item] : []),
    open: (shown) => {
      if (/^https?:\/\//i.test(shown.url)) window.open(shown.url, '_blank', 'noopener');
    },
    afterDelete: () => navigate(links.library(username)),
  });
}
