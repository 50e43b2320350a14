import { useParams, useSearchParams } from 'react-router';
import { decodeOutlinerId } from '../../../shared/outliners/code.ts';
import { ApiError } from '../../api/client.ts';
import { useOutlinerTree } from '../../api/outliners.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { StateBox } from '../../ui/StateBox.tsx';
import { NotFoundPage } from '../errors/NotFoundPage.tsx';
import { libraryText } from '../library/messages.ts';
import styles from './OutlinerPage.module.css';
import { type OutlinerVariant, OutlinerView } from './OutlinerView.tsx';

/**
 * /o/{code}/{title} (spec part 1 §2, part 2 §2): one outliner; a code no outliner has, or one of
 * someone else's, is the not-found page. /outliner/{code}/{title}?iframe=true is the same outliner
 * alone, for embedding.
 */
export function OutlinerPage({ embed = false }: { embed?: boolean }) {
  const { code = '' } = useParams();
  const [search] = useSearchParams();
  const id = decodeOutlinerId(code);
  const tree = useOutlinerTree(id ?? undefined);
  const variant: OutlinerVariant = embed || search.get('iframe') === 'true' ? 'embed' : 'page';
  if (id === null) return <NotFoundPage />;
  if (tree.isPending) return <Loading />;
  if (tree.isError) {
    if (tree.error instanceof ApiError && (tree.error.status === 404 || tree.error.status === 400))
      return <NotFoundPage />;
    return (
      <StateBox role="alert" tone="error">
        <p>{libraryText.loadFailed}</p>
      </StateBox>
    );
  }
  return (
    <div className={variant === 'embed' ? styles.embedPage : styles.page}>
      <title>{`${tree.data.outliner.title} · Folio`}</title>
      <OutlinerView key={id} reply={tree.data} variant={variant} />
    </div>
  );
}

/** `/outliner/{code}/{title}`: the outliner alone, outside the app frame (part 2 §2). */
export function OutlinerEmbedPage() {
  return <OutlinerPage embed />;
}

export function Loading() {
  return (
    <StateBox role="status">
      <Spinner size={18} />
      <p>Loading...</p>
    </StateBox>
  );
}
