import { ListTree } from 'lucide-react';
import { Link } from 'react-router';
import { useOutliners } from '../../api/outliners.ts';
import { links } from '../../lib/links.ts';
import styles from './ItemOutliners.module.css';

/** A library row's outliners (the item's ouliner_id), as links; one list query serves every row. */
export function ItemOutliners({ ids }: { ids: readonly number[] }) {
  const list = useOutliners({ search: '', sort: 'title', order: 'asc' });
  const byId = new Map((list.data ?? []).map((o) => [o.id, o]));
  const shown = ids.map((id) => byId.get(id)).filter((o) => o !== undefined);
  if (shown.length === 0) return null;
  return (
    <ul className={styles.list} aria-label="In outliners">
      {shown.map((o) => (
        <li key={o.id}>
          <Link to={links.outliner(o.id, o.title)} className={styles.chip}>
            <ListTree size={11} aria-hidden="true" />
            {o.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}
