import { Cloud, Tags as TagsIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { TAG_PAGE_SIZE } from '../../../shared/limits.ts';
import { isSignedIn } from '../../../shared/schemas/values.ts';
import { GENERIC_FAILURE } from '../../api/client.ts';
import { useTags } from '../../api/tags.ts';
import { useUserInfo } from '../../api/user-info.ts';
import { links } from '../../lib/links.ts';
import { Button } from '../../ui/Button.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { pageCountFor } from '../../ui/pagination.ts';
import { StateBox } from '../../ui/StateBox.tsx';
import { TagCell } from './TagCell.tsx';
import { TagCloudModal } from './TagCloudModal.tsx';
import { DeleteTagModal, EditTagModal } from './TagModals.tsx';
import { TagLetterNav, TagSearchBox } from './TagNav.tsx';
import styles from './Tags.module.css';
import { pageFromParam, parseNav, tagsPageHref, tagsPageParams, tagsPageRedirect } from './tags-page.ts';
import { useTagActions } from './useTagActions.ts';

type Dialog = { kind: 'edit' | 'delete'; tag: string } | null;

const SKELETON_CELLS = Array.from({ length: 24 }, (_, i) => i);

/** /user/:name/tags (part 2 §2): every tag of a user, by name, 56 a page, with letter navigation and search. */
export function TagsPage() {
  const { name = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const nav = parseNav(params.get('nav'));
  const search = params.get('search')?.trim() ?? '';
  const pageParam = params.get('page');
  const page = pageFromParam(pageParam);

  const { data: info } = useUserInfo();
  const isOwner = isSignedIn(info) && info.name.toLowerCase() === name.toLowerCase();
  const query = useTags(tagsPageParams(name, { nav, search, page }), Boolean(name));
  const actions = useTagActions();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [cloudOpen, setCloudOpen] = useState(false);

  // Placeholder data belongs to the previous URL, so only this URL's own total decides a redirect.
  const total = query.isPlaceholderData ? undefined : query.data?.total;
  const redirect = tagsPageRedirect(pageParam, total);
  useEffect(() => {
    if (redirect) navigate(tagsPageHref(name, { nav }), { replace: true });
  }, [redirect, navigate, name, nav]);

  const filtered = Boolean(nav || search);
  const tags = query.data?.tags ?? [];
  const owner = isOwner
    ? {
        actions,
        onEdit: (tag: string) => setDialog({ kind: 'edit', tag }),
        onDelete: (tag: string) => setDialog({ kind: 'delete', tag }),
      }
    : undefined;

  return (
    <div className={styles.page}>
      <PageHeader
        title={`${name}'s tags`}
        documentTitle={`Tags - ${name}`}
        description={total === undefined ? undefined : countText(total, filtered)}
        actions={
          <Button icon={<Cloud size={16} aria-hidden="true" />} onClick={() => setCloudOpen(true)}>
            Top 300
          </Button>
        }
      />
      <div className={styles.toolbar}>
        <TagLetterNav current={nav} hrefFor={(value) => tagsPageHref(name, { nav: value })} />
        <TagSearchBox
          value={search}
          onSearch={(text, typing) => navigate(tagsPageHref(name, { search: text }), { replace: typing })}
        />
      </div>

      {query.isPending || redirect ? (
        <div className={styles.grid} aria-busy="true">
          <span className="visually-hidden">Loading tags</span>
          {SKELETON_CELLS.map((i) => (
            <span key={i} className={styles.skeleton} aria-hidden="true" />
          ))}
        </div>
      ) : query.isError ? (
        <StateBox role="alert">
          <p>{query.error.message || GENERIC_FAILURE}</p>
          <Button onClick={() => query.refetch()}>Try again</Button>
        </StateBox>
      ) : tags.length === 0 ? (
        <StateBox icon={<TagsIcon size={28} aria-hidden="true" />}>
          <p>{filtered ? 'No tags match' : 'No tags yet'}</p>
        </StateBox>
      ) : (
        <ul className={styles.grid} aria-label="Tags" aria-busy={query.isFetching || undefined}>
          {tags.map((tag) => (
            <TagCell key={tag.name} tag={tag} username={name} owner={owner} />
          ))}
        </ul>
      )}

      <div className={styles.pagination}>
        <Pagination
          page={page}
          pageCount={pageCountFor(query.data?.total ?? 0, TAG_PAGE_SIZE)}
          hrefFor={(p) => tagsPageHref(name, { nav, search, page: p })}
          label="Tag pages"
        />
      </div>

      <TagCloudModal
        open={cloudOpen}
        onOpenChange={setCloudOpen}
        username={name}
        onPick={(tag) => navigate(links.tag(name, tag))}
      />
      {dialog?.kind === 'edit' ? (
        <EditTagModal
          tag={dialog.tag}
          onClose={() => setDialog(null)}
          onRename={(next) => actions.rename(dialog.tag, next)}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteTagModal
          tag={dialog.tag}
          onClose={() => setDialog(null)}
          onDelete={() => actions.remove(dialog.tag, 'modal')}
        />
      ) : null}
    </div>
  );
}

function countText(total: number, filtered: boolean): string {
  const noun = total === 1 ? 'tag' : 'tags';
  return filtered ? `${total} ${noun} found` : `${total} ${noun}`;
}
