import { Link } from 'react-router';
import { NO_TAG_NAME } from '../../../shared/tags.ts';
import { useProfileTags } from '../../api/profile.ts';
import { links } from '../../lib/links.ts';
import styles from './Profile.module.css';

/** Tags shown in the sidebar (part 2 §2, part 2 §9: 20). */
export const PROFILE_SIDEBAR_TAGS = 20;

/** The public tags, Top or Recent, the first 20; no_tag hidden; a click opens the tag's page at page 0. */
export function ProfileTags(props: {
  username: string;
  current: string;
  sort: 'top' | 'recent';
  onSort: (sort: 'top' | 'recent') => void;
}) {
  const tags = useProfileTags({
    username: props.username,
    sort: props.sort,
    count: String(PROFILE_SIDEBAR_TAGS + 1),
  });
  const shown = (tags.data?.tags ?? []).filter((t) => t.name !== NO_TAG_NAME).slice(0, PROFILE_SIDEBAR_TAGS);
  return (
    <aside className={styles.sidebar} aria-label="Public tags">
      <label className={styles.sideHead}>
        Tags
        <select value={props.sort} onChange={(e) => props.onSort(e.target.value as 'top' | 'recent')}>
          <option value="top">Top</option>
          <option value="recent">Recent</option>
        </select>
      </label>
      <ul className={styles.tagList}>
        {shown.map((t) => (
          <li key={t.name}>
            <Link
              to={links.profile(props.username, t.name)}
              className={t.name.toLowerCase() === props.current.toLowerCase() ? styles.tagOn : styles.tag}
            >
              <span>{t.name}</span>
              <span className={styles.tagCount}>{t.count}</span>
            </Link>
          </li>
        ))}
      </ul>
    </aside>
  );
}
