import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { TAG_LABEL_MAX } from '../../../shared/limits.ts';
import { parseSearch, removeTagFilter, selectedTags, tagFilterText } from '../../../shared/search-query.ts';
import { useTags } from '../../api/tags.ts';
import { lazyNamed, OnFirstUse } from '../../lib/lazy.tsx';
import { links } from '../../lib/links.ts';
import styles from './Sidebar.module.css';
import type { SidebarProps } from './Sidebar.tsx';
import { cutLabel } from './text.ts';

// the Top 300 cloud (a Radix dialog) loads when first opened (issue 14, Speed)
const TagCloudModal = lazyNamed(() => import('../tags/TagCloudModal.tsx'), 'TagCloudModal');

const RELATED_PAGE = 10;
const TOP_COUNT = { top: 10, recent: 9 } as const;

/** Top tags (Top or Recent), selected tags, and related tags of the current results, 10 a page. */
export function TagSidebar({
  username,
  view,
  relTags,
  hrefFor,
  filtered,
}: SidebarProps & { filtered: boolean }) {
  const [sort, setSort] = useState<'top' | 'recent'>('top');
  const [page, setPage] = useState(0);
  const [cloud, setCloud] = useState(false);
  const navigate = useNavigate();
  // a new search starts the related tags at their first page
  const [pageFor, setPageFor] = useState(view.what);
  if (pageFor !== view.what) {
    setPageFor(view.what);
    setPage(0);
  }
  const top = useTags({ username, sort, count: String(TOP_COUNT[sort]) });
  const selected = selectedTags(parseSearch(view.what));
  const selectedKeys = new Set(selected.map((t) => t.toLowerCase()));
  // unfiltered, the related tags would only repeat the top tags
  const related = (filtered ? relTags : [])
    .filter((t) => !selectedKeys.has(t.name.toLowerCase()))
    .sort((a, b) => b.count - a.count);
  const pages = Math.max(1, Math.ceil(related.length / RELATED_PAGE));
  const shownPage = Math.min(page, pages - 1);
  const tagHref = (tag: string, add: boolean) =>
    hrefFor({ what: add && view.what ? `${view.what} ${tagFilterText(tag)}` : tagFilterText(tag) });

  return (
    <>
      {/* while filtering, the tags of the results matter more than the overall top tags */}
      {selected.length > 0 || related.length > 0 ? (
        <section className={styles.tagSection} aria-label="Related tags">
          <h3>Related tags</h3>
          {selected.length > 0 ? (
            <ul className={styles.chips}>
              {selected.map((tag) => (
                <li key={tag} className={styles.chip}>
                  {cutLabel(tag, TAG_LABEL_MAX)}
                  <Link
                    to={hrefFor({ what: removeTagFilter(view.what, tag) })}
                    aria-label={`Remove tag ${tag}`}
                  >
                    <X size={12} aria-hidden="true" />
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <ul className={styles.tagList}>
            {related.slice(shownPage * RELATED_PAGE, (shownPage + 1) * RELATED_PAGE).map((t) => (
              <li key={t.name}>
                <Link to={tagHref(t.name, true)} className={styles.tagLink} title={t.name}>
                  <span>{cutLabel(t.name, TAG_LABEL_MAX)}</span>
                  <span className={styles.navCount}>{t.count}</span>
                </Link>
              </li>
            ))}
          </ul>
          {pages > 1 ? (
            <div className={styles.tagPager}>
              <button
                type="button"
                disabled={shownPage === 0}
                onClick={() => setPage(shownPage - 1)}
                aria-label="Previous related tags"
              >
                <ChevronLeft size={14} aria-hidden="true" />
              </button>
              <span>
                {shownPage + 1} / {pages}
              </span>
              <button
                type="button"
                disabled={shownPage >= pages - 1}
                onClick={() => setPage(shownPage + 1)}
                aria-label="Next related tags"
              >
                <ChevronRight size={14} aria-hidden="true" />
              </button>
            </div>
          ) : null}
        </section>
      ) : null}
      <section className={styles.tagSection} aria-label="Top tags">
        <div className={styles.tagHead}>
          <h3>Tags</h3>
          <fieldset className={styles.segmented}>
            <legend className="visually-hidden">Sort tags</legend>
            {(['top', 'recent'] as const).map((value) => (
              <button key={value} type="button" aria-pressed={sort === value} onClick={() => setSort(value)}>
                {value === 'top' ? 'Top' : 'Recent'}
              </button>
            ))}
          </fieldset>
        </div>
        <ul className={styles.tagList}>
          {(top.data?.tags ?? []).map((t) => (
            <li key={t.name}>
              <Link to={tagHref(t.name, false)} className={styles.tagLink} title={t.name}>
                <span>{cutLabel(t.name, TAG_LABEL_MAX)}</span>
                <span className={styles.navCount}>{t.count}</span>
              </Link>
            </li>
          ))}
        </ul>
        <div className={styles.tagLinks}>
          <Link to={links.tags(username)} className={styles.allTags}>
            All tags
          </Link>
          <button type="button" className={styles.allTags} onClick={() => setCloud(true)}>
            Top 300
          </button>
        </div>
        <OnFirstUse when={cloud}>
          <TagCloudModal
            open={cloud}
            onOpenChange={setCloud}
            username={username}
            onPick={(tag) => {
              setCloud(false);
              navigate(hrefFor({ what: tagFilterText(tag) }));
            }}
          />
        </OnFirstUse>
      </section>
    </>
  );
}
