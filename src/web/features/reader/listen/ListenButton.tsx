import { Headphones } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { itemCalls } from '../../../../shared/api/items.ts';
import type { ItemReply } from '../../../../shared/schemas/items.ts';
import { call } from '../../../api/client.ts';
import { links } from '../../../lib/links.ts';
import { Button } from '../../../ui/Button.tsx';
import { ListenBar } from './ListenBar.tsx';
import { articleSentences, type Sentence } from './sentences.ts';
import { useVoices } from './useVoices.ts';

/**
 * The reader's Listen: reads the article aloud with the browser's voices (hidden where it has none).
 * `?listen=1` starts it as the page opens: the queue's next unread item arrives that way.
 */
export function ListenButton({
  article,
  item,
  username,
}: {
  article: HTMLElement | null;
  item: ItemReply;
  username: string;
}) {
  const voices = useVoices();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [sentences, setSentences] = useState<Sentence[] | null>(null);
  const autostart = search.get('listen') === '1';

  // biome-ignore lint/correctness/useExhaustiveDependencies: starts once the article and the voices are there
  useEffect(() => {
    if (autostart && article && voices.length > 0) setSentences(articleSentences(article));
  }, [autostart, article, voices.length > 0]);
  // another item: its own reading
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets when the item changes
  useEffect(() => setSentences(null), [item.link_id]);

  const nextUnread = async () => {
    const list = await call(itemCalls.list, { query: { username, unread: 'yes', count: 24 } });
    const next = list.items.find((i) => i.link_id !== item.link_id && i.type_name === 'bookmark');
    if (next) navigate(links.item(username, next.link_id, new URLSearchParams({ listen: '1' })));
  };

  if (voices.length === 0 || !article) return null;
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
      icon={<Headphones size={16} aria-hidden="true" />}
      onClick={() => setSentences(articleSentences(article))}
    >
      Listen
    </Button>
  );
}
