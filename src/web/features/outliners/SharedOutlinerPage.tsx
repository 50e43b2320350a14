import { useCallback, useMemo } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useSharedOutliner } from '../../api/outliners.ts';
import { StateBox } from '../../ui/StateBox.tsx';
import { libraryText } from '../library/messages.ts';
import styles from './OutlinerPage.module.css';
import { Loading } from './OutlinerPage.tsx';
import { OutlinerTree } from './OutlinerTree.tsx';
import { entryHref } from './OutlinerView.tsx';
import { treeFromEntries, visibleRows } from './tree.ts';

/**
 * The read-only page a share link opens (spec part 1 §4): anyone with the link, signed in or not.
 * Once sharing is disabled the key is unknown and the page says the outliner is not shared.
 */
export function SharedOutlinerPage() {
  const { shareKey = '' } = useParams();
  const shared = useSharedOutliner(shareKey);
  const tree = useMemo(() => (shared.data ? treeFromEntries(shared.data.entries) : null), [shared.data]);
  const rows = useMemo(() => (tree ? visibleRows(tree) : []), [tree]);
  const hrefOf = useCallback(entryHref('', true), []);
  if (shared.isPending) return <Loading />;
  if (shared.isError || !tree) {
    const gone = shared.error instanceof ApiError && shared.error.status === 404;
    return (
      <div className={styles.page}>
        <title>Outliner not found · Folio</title>
        <StateBox role="alert">
          <h1 className={styles.goneTitle}>{gone ? 'Outliner not found' : libraryText.loadFailed}</h1>
          {gone ? <p>This link does not exist, or its owner no longer shares it.</p> : null}
        </StateBox>
      </div>
    );
  }
  const { outliner } = shared.data;
  return (
    <div className={styles.page}>
      <title>{`${outliner.title} · Folio`}</title>
      <header className={styles.head}>
        <h1 className={styles.title}>{outliner.title}</h1>
        <span className={styles.status}>Shared by {shared.data.owner}, read-only</span>
      </header>
      <OutlinerTree
        tree={tree}
        rows={rows}
        actions={null}
        focus={null}
        hrefOf={hrefOf}
        label={outliner.title}
      />
    </div>
  );
}
