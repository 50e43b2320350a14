import { useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useSharedItem } from '../../api/sharing.ts';
import { buttonClass } from '../../ui/Button.tsx';
import { StateBox } from '../../ui/StateBox.tsx';
import { libraryText } from '../library/messages.ts';
import styles from './Sharing.module.css';

/**
 * The read-only page a share link opens (/s/{key}), for anyone with the link, signed in or not: the
 * reader copy of a page, the PDF or the picture, a note, and the highlights and sticky notes of a
 * page shared with its annotations. Once revoked the key is unknown and the page says so.
 */
export function SharedItemPage() {
  const { key = '' } = useParams();
  const shared = useSharedItem(key);
  if (shared.isPending) return <StateBox aria-busy="true">Loading…</StateBox>;
  if (shared.isError) {
    const gone = shared.error instanceof ApiError && shared.error.status === 404;
    return (
      <div className={styles.page}>
        <title>Item not found · Folio</title>
        <StateBox role="alert">
          <h1>{gone ? 'Item not found' : libraryText.loadFailed}</h1>
          {gone ? <p>This link does not exist, or its owner no longer shares it.</p> : null}
        </StateBox>
      </div>
    );
  }
  const { item, variant, owner, html, file_url, annotations } = shared.data;
  const title = item.title || item.url || 'Untitled';
  return (
    <article className={styles.page} aria-label="Shared item">
      <title>{`${title} · Folio`}</title>
      <header className={styles.head}>
        <h1>{title}</h1>
        <p className={styles.muted}>
          Shared by {owner}, read-only
          {item.url ? (
            <>
              {' · '}
              <a href={item.url} target="_blank" rel="noopener noreferrer nofollow">
                Original page
              </a>
            </>
          ) : null}
        </p>
        {item.description ? <p>{item.description}</p> : null}
      </header>
      {variant === 'image' ? <img className={styles.picture} src={file_url} alt={title} /> : null}
      {variant === 'pdf' ? (
        <div className={styles.actions}>
          <a className={buttonClass('primary')} href={file_url} target="_blank" rel="noopener">
            Open the PDF
          </a>
          <a className={buttonClass('secondary')} href={`${file_url}?download=1`}>
            Download
          </a>
        </div>
      ) : null}
      {variant === 'note' ? (
        <div
          className={styles.article}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: note HTML is sanitised on the server when saved (notes/sanitize.ts)
          dangerouslySetInnerHTML={{ __html: item.note_content }}
        />
      ) : null}
      {html ? (
        <div
          className={styles.article}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the reader copy is sanitised on the server when captured (capture/sanitize.ts)
          dangerouslySetInnerHTML={{ __html: html }}
        />
      ) : variant === 'page' || variant === 'page_annotations' ? (
        <StateBox>There is no reader copy of this page.</StateBox>
      ) : null}
      {annotations.length > 0 ? (
        <section aria-label="Highlights and notes">
          <h2>Highlights and notes</h2>
          <ul className={styles.annotations}>
            {annotations.map((a) => (
              <li key={a.id}>
                <blockquote className={styles.quote}>{a.content}</blockquote>
                {a.stickyNotes.map((n) => (
                  <p key={n.id} className={styles.sticky}>
                    {n.content}
                  </p>
                ))}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
