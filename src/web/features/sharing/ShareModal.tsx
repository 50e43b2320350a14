import { type KeyboardEvent, useState } from 'react';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { SHARE_MSG } from '../../../shared/schemas/sharing.ts';
import { useCreateShareLink, useRevokeShareLink, useShareLink } from '../../api/sharing.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import { StateBox } from '../../ui/StateBox.tsx';
import styles from './Sharing.module.css';
import { embedSnippets, SHARE_TITLES, variantOf } from './share-text.ts';

type Tab = 'share' | 'embed';

/** Copies with the spec's notifications (part 1 §8); on failure the text stays selectable in its field. */
export function useCopy() {
  const notify = useNotify();
  return (text: string) => {
    const done = navigator.clipboard?.writeText(text) ?? Promise.reject(new Error('no clipboard'));
    done.then(
      () => notify({ kind: 'done', text: SHARE_MSG.copied }),
      () => notify({ kind: 'error', text: SHARE_MSG.copyFailed }),
    );
  };
}

function CopyField(props: { label: string; value: string; multiline?: boolean }) {
  const copy = useCopy();
  return (
    <div className={styles.row}>
      {props.multiline ? (
        <textarea
          className={styles.snippet}
          readOnly
          value={props.value}
          aria-label={props.label}
          onFocus={(e) => e.currentTarget.select()}
        />
      ) : (
        <input
          className={styles.link}
          readOnly
          value={props.value}
          aria-label={props.label}
          onFocus={(e) => e.currentTarget.select()}
        />
      )}
      <Button
        variant="primary"
        size="sm"
        onClick={() => copy(props.value)}
        aria-label={`Copy ${props.label}`}
      >
        Copy
      </Button>
    </div>
  );
}

/**
 * The Share modal (spec part 1 §2): variants page, page with annotations, pdf, image and note; tabs
 * Share and, for images, Embed. The link opens a read-only page of the item for anyone who has it,
 * private items included, until the owner revokes it; opening the modal only reads it, and the
 * owner makes it with Create link (issue 27: no item becomes public by a look at this dialog).
 */
export function ShareModal({ item, onClose }: { item: ItemReply | null; onClose: () => void }) {
  const link = useShareLink(item?.link_id ?? null);
  const create = useCreateShareLink();
  const revoke = useRevokeShareLink();
  const notify = useNotify();
  const [tab, setTab] = useState<Tab>('share');
  const [revoked, setRevoked] = useState(false);
  if (!item) return null;
  const createLink = () =>
    create.mutate(item.link_id, {
      onSuccess: () => setRevoked(false),
      onError: () => notify({ kind: 'error', text: 'There are some errors, please try later.' }),
    });
  const variant = variantOf(item);
  const tabs: Tab[] = variant === 'image' ? ['share', 'embed'] : ['share'];
  const close = () => {
    setTab('share');
    setRevoked(false);
    onClose();
  };
  const onTabKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    setTab(tab === 'share' && tabs.length > 1 ? 'embed' : 'share');
  };

  const whatShows = variant === 'page_annotations' ? 'page with its highlights and notes' : variant;
  let body: React.ReactNode;
  if (link.isPending) {
    body = <StateBox>Loading the link…</StateBox>;
  } else if (link.isError) {
    body = <StateBox role="alert">There are some errors, please try later.</StateBox>;
  } else if (link.data.code === 0) {
    body = (
      <div className={styles.share}>
        <p>
          {revoked
            ? 'The link is revoked: it no longer opens the item.'
            : `This ${variant === 'page_annotations' ? 'page' : variant} has no share link.`}{' '}
          A link lets anyone who has it view the {whatShows}, without signing in
          {item.private ? ', even though it is private' : ''}.
        </p>
        <Button variant="primary" size="sm" busy={create.isPending} onClick={createLink}>
          {revoked ? 'Create a new link' : 'Create link'}
        </Button>
      </div>
    );
  } else if (tab === 'embed') {
    const snippets = embedSnippets(link.data.file_url, link.data.item_url, item.title);
    body = (
      <div className={styles.share}>
        <p>Paste this into a web page to show the picture:</p>
        <CopyField label="Image embed code" value={snippets.image} multiline />
        <p>Or show its page in a frame:</p>
        <CopyField label="Frame embed code" value={snippets.iframe} multiline />
      </div>
    );
  } else {
    body = (
      <div className={styles.share}>
        <p>
          Anyone with this link can view the {whatShows}, without signing in
          {item.private ? ', even though it is private' : ''}.
        </p>
        <CopyField label="Share link" value={link.data.item_url} />
        {link.data.file_url ? <CopyField label="File link" value={link.data.file_url} /> : null}
        <div className={styles.actions}>
          <Button
            variant="danger"
            size="sm"
            busy={revoke.isPending}
            onClick={() =>
              revoke.mutate(item.link_id, {
                onSuccess: () => setRevoked(true),
                onError: () => notify({ kind: 'error', text: 'There are some errors, please try later.' }),
              })
            }
          >
            Revoke link
          </Button>
        </div>
      </div>
    );
  }

  return (
    <Modal
      open
      onOpenChange={(open) => !open && close()}
      title={SHARE_TITLES[variant]}
      size="sm"
      footer={
        <Button variant="ghost" onClick={close}>
          Close
        </Button>
      }
    >
      {tabs.length > 1 ? (
        <div className={styles.tabs} role="tablist" aria-label="Share as">
          {tabs.map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              className={styles.tab}
              aria-selected={tab === t}
              tabIndex={tab === t ? 0 : -1}
              onClick={() => setTab(t)}
              onKeyDown={onTabKey}
            >
              {t === 'share' ? 'Share' : 'Embed'}
            </button>
          ))}
        </div>
      ) : null}
      <div role={tabs.length > 1 ? 'tabpanel' : undefined}>{body}</div>
    </Modal>
  );
}
