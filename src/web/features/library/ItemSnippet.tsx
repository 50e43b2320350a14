import type { SnippetPart } from '../../../shared/schemas/items.ts';
import styles from './Items.module.css';

/** Where a full-text search matched in the page text, the matched words marked (text only, never markup). */
export function ItemSnippet(props: { parts: SnippetPart[] }) {
  return (
    <p className={styles.snippet}>
      {props.parts.map((part, i) =>
        // the parts never move: their index is their identity
        // biome-ignore lint/suspicious/noArrayIndexKey: a snippet's parts are fixed
        part.mark ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
      )}
    </p>
  );
}
