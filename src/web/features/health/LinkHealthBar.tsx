import { useState } from 'react';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { useCheckLink, useLinkHealth, usePageVersions, useUpdateCopy } from '../../api/health.ts';
import { useSaveBookmark } from '../../api/items.ts';
import { Button } from '../../ui/Button.tsx';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import { ChangesModal } from './ChangesModal.tsx';
import styles from './Health.module.css';
import { healthText, LINK_STATE_LABELS, waybackUrl } from './messages.ts';

const day = (seconds: number) => new Date(seconds * 1000).toLocaleDateString();

/**
 * A bookmark's link health in the reader (its owner only): the state of the last check, Check now,
 * the changes of a changed page and Update copy, the Wayback Machine for a gone page, the new address
 * of a moved one, and the earlier copies to switch to.
 */
export function LinkHealthBar(props: {
  item: ItemReply;
  versionId: number | null;
  onVersion: (versionId: number | null) => void;
}) {
  const { item } = props;
  const health = useLinkHealth(item.link_id);
  const check = useCheckLink(item.link_id);
  const update = useUpdateCopy(item.link_id);
  const versions = usePageVersions(item.link_id);
  const move = useSaveBookmark();
  const notify = useNotify();
  const [changesOpen, setChangesOpen] = useState(false);
  const h = health.data;
  if (!h) return null;

  const updateCopy = () =>
    update.mutate(undefined, {
      onSuccess: (reply) => {
        setChangesOpen(false);
        props.onVersion(null);
        notify({ kind: 'done', text: healthText.updated(reply.reanchored, reply.orphaned) });
      },
      onError: (err) => notify({ kind: 'error', text: err.message }),
    });
  const stateClass =
    h.state === 'gone' || h.state === 'unreachable'
      ? styles.bad
      : h.state === 'changed'
        ? styles.changed
        : styles.state;
  const earlier = versions.data?.versions ?? [];

  return (
    <section className={styles.bar} aria-label="Link health" data-state={h.state}>
      <span className={stateClass}>{LINK_STATE_LABELS[h.state]}</span>
      {h.checked_at ? <span>checked {day(h.checked_at)}</span> : null}
      {h.status && h.state !== 'ok' ? <span>HTTP {h.status}</span> : null}
      {h.state === 'redirected' && h.final_url ? (
        <a className={styles.link} href={h.final_url} target="_blank" rel="noopener noreferrer nofollow">
          {h.final_url}
        </a>
      ) : null}
      {h.state === 'gone' || h.state === 'unreachable' ? (
        <a
          className={styles.link}
          href={waybackUrl(item.url)}
          target="_blank"
          rel="noopener noreferrer nofollow"
        >
          Look it up in the Wayback Machine
        </a>
      ) : null}
      <span className={styles.actions}>
        {h.state === 'redirected' && h.final_url ? (
          <Button
            size="sm"
            busy={move.isPending}
            onClick={() =>
              move.mutate(
                { link_id: item.link_id, new_url: h.final_url! },
                {
                  onSuccess: () => notify({ kind: 'done', text: healthText.moved }),
                  onError: (err) => notify({ kind: 'error', text: err.message }),
                },
              )
            }
          >
            Use the new address
          </Button>
        ) : null}
        {h.state === 'changed' ? (
          <Button size="sm" variant="primary" onClick={() => setChangesOpen(true)}>
            View changes
          </Button>
        ) : null}
        <Button
          size="sm"
          busy={check.isPending}
          onClick={() =>
            check.mutate(undefined, { onError: (err) => notify({ kind: 'error', text: err.message }) })
          }
        >
          Check now
        </Button>
        {earlier.length ? (
          <label>
            <span className="visually-hidden">Copy to read</span>
            <select
              className={styles.select}
              value={props.versionId ?? ''}
              onChange={(e) => props.onVersion(e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">Current copy</option>
              {earlier.map((v) => (
                <option key={v.version_id} value={v.version_id}>
                  Copy saved {day(v.captured_at)}
                  {v.orphaned.length
                    ? ` (${v.orphaned.length} highlight${v.orphaned.length === 1 ? '' : 's'})`
                    : ''}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </span>
      {h.state === 'changed' ? (
        <ChangesModal
          linkId={item.link_id}
          open={changesOpen}
          onOpenChange={setChangesOpen}
          onUpdate={updateCopy}
          updating={update.isPending}
        />
      ) : null}
    </section>
  );
}
