import { FileQuestion } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { isLocalNoteId } from '../../../shared/notes.ts';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { ApiError } from '../../api/client.ts';
import { useItem } from '../../api/items.ts';
import { links } from '../../lib/links.ts';
import { buttonClass } from '../../ui/Button.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { StateBox } from '../../ui/StateBox.tsx';
import { HighlightLayer } from '../annotations/HighlightLayer.tsx';
import { ImageView } from '../images/ImageView.tsx';
import { useItemKeyboardScope } from '../keyboard/item-scope.ts';
import { KindleBook } from '../kindle/KindleBook.tsx';
import { WithOutlinerArea } from '../outliners/WithOutlinerArea.tsx';
import { ReaderPage } from '../reader/ReaderPage.tsx';
import styles from './Item.module.css';

/** The editor (Tiptap) loads only when a note opens. */
const NoteEditor = lazy(() => import('../notes/NoteEditor.tsx').then((m) => ({ default: m.NoteEditor })));
/** pdf.js is a large chunk too: it loads only when a PDF opens. */
const PdfReader = lazy(() => import('../pdf/PdfReader.tsx').then((m) => ({ default: m.PdfReader })));

/**
 * One item, /user/{name}/b/{link_id} (part 1 §2): a note opens in the editor; new-<timestamp> is a
 * note not saved yet. The editor is keyed by its session, so taking the server id keeps it mounted.
 */
export function ItemPage() {
  const { name = '', linkId = '' } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const local = isLocalNoteId(linkId);
  const id = /^\d{1,15}$/.test(linkId) ? Number(linkId) : undefined;
  const query = useItem(local ? undefined : id);
  // a bookmark's reader lends the item itself, with j/k through its list (ReaderPage)
  useItemKeyboardScope(query.data, name, { enabled: query.data?.type_name !== 'bookmark' });
  const session = (location.state as { noteSession?: string } | null)?.noteSession ?? linkId;
  const redirect = search.get('redirect') === '1';

  // both note branches render the same tree with the same key: taking the server id keeps the editor
  const note = (item: ItemReply | null) => (
    <Suspense key={session} fallback={<Loading />}>
      <NoteEditor username={name} item={item} localId={item ? null : linkId} redirect={redirect} />
    </Suspense>
  );
  if (local) return note(null);
  if (id === undefined) return <Missing name={name} />;
  if (query.isPending) return <Loading />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <Missing name={name} />;
    return (
      <StateBox role="alert">
        <p>Sorry, something goes wrong, please retry later.</p>
      </StateBox>
    );
  }
  const item = query.data;
  if (item.type_name === 'note') {
    if (!item.canEdit) return <Missing name={name} />;
    return note(item);
  }
  // the outliner side area beside the owner's books and PDFs (bookmarks have it in the reader bar)
  const withOutliner = (reader: ReactNode) =>
    item.canEdit ? <WithOutlinerArea key={item.link_id}>{reader}</WithOutlinerArea> : reader;
  if (item.type_name === 'kindle') return withOutliner(<KindleBook item={item} username={name} />);
  if (item.type_name === 'pdf')
    return withOutliner(
      <Suspense fallback={<Loading />}>
        <PdfReader key={item.link_id} item={item} username={name} />
      </Suspense>,
    );
  if (item.type_name === 'image') return <ImageView key={item.link_id} item={item} username={name} />;
  if (item.type_name === 'bookmark')
    return (
      <ReaderPage
        key={item.link_id}
        item={item}
        username={name}
        annotationLayer={(article, floats) => <HighlightLayer article={article} item={item} {...floats} />}
      />
    );
  return <Placeholder item={item} name={name} />;
}

function Loading() {
  return (
    <div className={styles.loading} aria-busy="true">
      <Spinner size={20} />
      <span>Loading...</span>
    </div>
  );
}

/** Types without a view of their own (topic): the item's address and the way back. */
function Placeholder({ item, name }: { item: ItemReply; name: string }) {
  return (
    <div className={styles.page}>
      <PageHeader title={item.title || item.url || 'Item'} />
      {item.url ? (
        <p className={styles.meta}>
          <a href={item.url} target="_blank" rel="noopener noreferrer nofollow">
            {item.url}
          </a>
        </p>
      ) : null}
      <StateBox>
        <p>This kind of item (a {item.type_name}) has no view of its own yet.</p>
        <Link to={links.library(name)} className={buttonClass('secondary', 'sm')}>
          Back to the library
        </Link>
      </StateBox>
    </div>
  );
}

function Missing({ name }: { name: string }) {
  return (
    <div className={styles.page}>
      <title>Item not found · Folio</title>
      <StateBox>
        <FileQuestion size={22} aria-hidden="true" />
        <h1 className={styles.heading}>Item not found</h1>
        <p>This item does not exist, was deleted, or is private.</p>
        <Link to={links.library(name)} className={buttonClass('primary', 'sm')}>
          Back to the library
        </Link>
      </StateBox>
    </div>
  );
}
