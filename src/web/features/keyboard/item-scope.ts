import { useNavigate } from 'react-router';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { links } from '../../lib/links.ts';
import { useKeyboardScope } from './scope.tsx';

/**
 * An item page lends its item to the shortcuts: e, t, m and the palette act on it; o opens its
 * original; with `move`, j and k go to the next and previous item. `enabled: false` leaves the
 * scope to a view inside the page that lends its own (the reader, with its list's neighbours).
 */
export function useItemKeyboardScope(
  item: ItemReply | undefined,
  username: string,
  opts: { move?: (step: 1 | -1) => void; enabled?: boolean } = {},
): void {
  const navigate = useNavigate();
  useKeyboardScope(
    {
      current: () => (item ? [item] : []),
      open: (shown) => {
        if (/^https?:\/\//i.test(shown.url)) window.open(shown.url, '_blank', 'noopener');
      },
      ...(opts.move ? { move: opts.move } : {}),
      afterDelete: () => navigate(links.library(username)),
    },
    opts.enabled ?? true,
  );
}
