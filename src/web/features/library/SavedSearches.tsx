import { BookmarkPlus, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { parseSavedQuery } from '../../../shared/saved-search-query.ts';
import { ApiError } from '../../api/client.ts';
import { useDeleteSavedSearch, useSavedSearches, useSaveSearch } from '../../api/saved-searches.ts';
import { links } from '../../lib/links.ts';
import { IconButton } from '../../ui/IconButton.tsx';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import styles from './Sidebar.module.css';
import { isFiltered, type LibraryView, viewToSearch } from './view.ts';

/** The view as a saved search's query: its filters and search, without page or page size. */
export function savedQueryOf(view: LibraryView): string | null {
  const parsed = parseSavedQuery(viewToSearch(view).toString());
  return parsed.ok ? parsed.query : null;
}

/**
 * The owner's saved searches (issue 33) with their live counts, under the filters; "Save this
 * search" keeps the current view under a name.
 */
export function SavedSearches({ username, view }: { username: string; view: LibraryView }) {
  const notify = useNotify();
  const { search } = useLocation();
  const list = useSavedSearches();
  const save = useSaveSearch();
  const remove = useDeleteSavedSearch();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const query = isFiltered(view) ? savedQueryOf(view) : null;
  const current = new URLSearchParams(search);
  const isCurrent = (q: string) => {
    const wanted = new URLSearchParams(q);
    return [...wanted].every(
      ([k, v]) => current.get(k) === v || (k === 'what' && current.get('query') === v),
    );
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!query) return;
    save.mutate(
      { name: name.trim(), query },
      {
        onSuccess: () => {
          setNaming(false);
          setName('');
          notify({ kind: 'done', text: 'Search saved' });
        },
        onError: (error) =>
          notify({
            kind: 'error',
            text: error instanceof ApiError ? error.message : 'Save failed, please retry.',
          }),
      },
    );
  };
  const searches = list.data?.searches ?? [];
  if (searches.length === 0 && !query) return null;
  return (
    <section className={styles.tagSection} aria-labelledby="saved-searches-title">
      <div className={styles.tagHead}>
        <h3 id="saved-searches-title">Saved searches</h3>
        {query && !naming ? (
          <IconButton
            size="xs"
            label="Save this search"
            icon={<BookmarkPlus size={14} aria-hidden="true" />}
            onClick={() => setNaming(true)}
          />
        ) : null}
      </div>
      {naming ? (
        <form className={styles.saveForm} onSubmit={submit}>
          <input
            // biome-ignore lint/a11y/noAutofocus: the form opens on the user's click to type a name
            autoFocus
            className={styles.saveInput}
            aria-label="Name of the saved search"
            placeholder="Name"
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && setNaming(false)}
          />
          <button type="submit" className={styles.moreToggle} disabled={!name.trim() || save.isPending}>
            Save
          </button>
        </form>
      ) : null}
      <ul className={styles.navList} aria-label="Saved searches">
        {searches.map((s) => (
          <li key={s.id} className={styles.savedRow}>
            <Link
              to={links.library(username, s.query)}
              className={isCurrent(s.query) ? styles.navActive : styles.navLink}
              aria-current={isCurrent(s.query) ? 'page' : undefined}
            >
              <span className={styles.navLabel}>{s.name}</span>
              <span className={styles.navCount}>{s.count}</span>
            </Link>
            <IconButton
              size="xs"
              label={`Delete saved search ${s.name}`}
              icon={<X size={12} aria-hidden="true" />}
              onClick={() => remove.mutate(s.id)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
