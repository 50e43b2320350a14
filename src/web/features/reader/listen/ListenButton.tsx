import { Headphones } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { itemCalls } from '../../../../shared/api/items.ts';
import type { ItemReply } from '../../../../shared/schemas/items.ts';
import { call } from '../../../api/client.ts';
import { links } from '../../../lib/links.ts';
import { Button } from '../../../ui/Button.tsx';
import { ListenBar } from './ListenBar.tsx';
import type { Sentence } from './sentences.ts';
import { useVoices } from './useVoices.ts';

interface ListenButtonProps {
  item: ItemReply;
  username: string;
  /** what to read: the article's sentences, or a PDF's text; null until it can be read */
  read: (() => Sentence[] | Promise<Sentence[]>) | null;
  /** an icon-only button (the PDF reader's bar) */
  compact?: boolean;
}

/**
 * Listen: reads the item aloud with the browser's voices (hidden where it has none). `?listen=1`
 * starts it as the page opens: the queue's next unread item arrives that way.
 */
export function ListenButton({ item, username, read, compact }: ListenButtonProps) {
  const voices = useVoices();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [sentences, setSentences] = useState<Sentence[] | null>(null);
  const readRef = useRef(read);
  readRef.current = read;
  const canRead = read !== null && voices.length > 0;
  const start = async () => {
    const found = await readRef.current?.();
    if (found?.length) setSentences(found);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: starts once the text and the voices are there
  useEffect(() => {
    if (search.get('listen') === '1' && canRead) void start();
  }, [canRead]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another item is another reading
  useEffect(() => setSentences(null), [item.link_id]);

  const nextUnread = async () => {
    const list = await call(itemCalls.list, { query: { username, unread: 'yes', count: 24 } });
    const next = list.items.find(
      (i) => i.link_id !== item.link_id && ['bookmark', 'pdf'].includes(i.type_name),
    );
    if (next) navigate(links.item(username, next.link_id, new URLSearchParams({ listen: '1' })));
  };

  if (!canRead) return null;
  return sentences ? (
    <ListenBar
      sentences={sentences}
      voices={voices}
      onClose={() => setSentences(null)}
      onFinished={item.canEdit ? nextUnread : undefined}
    />
  ) : (
    <Button
      size="sm"
      variant={compact ? 'ghost' : 'secondary'}
      icon={<Headphones size={16} aria-hidden="true" />}
      onClick={() => void start()}
      {...(compact ? { 'aria-label': 'Listen', title: 'Listen' } : {})}
    >
      {compact ? null : 'Listen'}
    </Button>
  );
}
