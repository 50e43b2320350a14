import { memo, type ReactNode, type Ref, useCallback, useRef, useState } from 'react';
import styles from './Reader.module.css';

export interface ReaderArticleProps {
  /** the sanitised reader HTML of GET /api/items/reader */
  html: string;
  /**
   * The annotation layer's slot: called with the rendered <article> once it is in the document (and
   * again with a new element if the copy is captured anew). What it returns renders beside the
   * article, inside a position: relative frame, so overlays can be placed against it.
   */
  children?: (article: HTMLElement) => ReactNode;
  /** told when the article element mounts (null when it goes) */
  onArticle?: (article: HTMLElement | null) => void;
}

/**
 * The reader copy as an <article>. The body is written once per copy and never re-rendered by React,
 * so marks another module draws into it stay until the copy itself changes.
 */
export function ReaderArticle({ html, children, onArticle }: ReaderArticleProps) {
  const [article, setArticle] = useState<HTMLElement | null>(null);
  const notify = useRef(onArticle);
  notify.current = onArticle;
  const ref = useCallback((el: HTMLElement | null) => {
    // links in the copy lead out of Folio: open them beside the reader, not in its place
    for (const a of el?.querySelectorAll('a[href]') ?? []) a.setAttribute('target', '_blank');
    setArticle(el);
    notify.current?.(el);
  }, []);
  return (
    <div className={styles.articleFrame}>
      <ArticleBody key={html} html={html} articleRef={ref} />
      {article && children ? children(article) : null}
    </div>
  );
}

const ArticleBody = memo(function ArticleBody(props: { html: string; articleRef: Ref<HTMLElement> }) {
  return (
    <article
      ref={props.articleRef}
      className={styles.article}
      aria-label="Page text"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server when captured (capture/sanitize.ts)
      dangerouslySetInnerHTML={{ __html: props.html }}
    />
  );
});
