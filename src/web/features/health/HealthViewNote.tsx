import styles from './Health.module.css';

const NOTES = {
  broken:
    'Broken links: pages that are gone or whose site no longer answers. Each still opens from its saved copy, with a link to the Wayback Machine.',
  changed:
    'Changed pages: pages whose text differs from the copy you saved. Open one to see the changes or update its copy.',
} as const;

/** What the library's Broken links and Changed pages views hold (link health). */
export function HealthViewNote({ health }: { health: keyof typeof NOTES }) {
  return <p className={styles.notice}>{NOTES[health]}</p>;
}
