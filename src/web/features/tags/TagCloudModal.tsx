import { Link } from 'react-router';
import { TAG_LIST_MAX } from '../../../shared/schemas/values.ts';
import { GENERIC_FAILURE } from '../../api/client.ts';
import { useTags } from '../../api/tags.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { StateBox } from '../../ui/StateBox.tsx';
import styles from './TagCloud.module.css';
import { cloudTags } from './tag-levels.ts';
import { cutTagLabel, itemCount, tagsPageHref } from './tags-page.ts';

export interface TagCloudModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  username: string;
  /** the library filters by the tag (with tagFilterText); the modal closes after the pick */
  onPick: (tag: string) => void;
}

/** 'Top 300' (part 1 §2): the most used tags, shown by name, each sized by its level (part 1 §9). */
export function TagCloudModal({ open, onOpenChange, username, onPick }: TagCloudModalProps) {
  // loaded only while open: 300 tags are not worth fetching for a modal nobody opened
  const query = useTags({ username, sort: 'top', count: String(TAG_LIST_MAX) }, open && Boolean(username));
  const tags = cloudTags(query.data?.tags ?? []);

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Top 300"
      size="lg"
      footer={
        <Link to={tagsPageHref(username)} className={styles.viewAll} onClick={() => onOpenChange(false)}>
          View all
        </Link>
      }
    >
      {query.isPending ? (
        <StateBox as="p" aria-busy="true">
          <Spinner size={16} /> Loading tags
        </StateBox>
      ) : query.isError ? (
        <StateBox role="alert">
          <p>{query.error.message || GENERIC_FAILURE}</p>
          <Button size="sm" onClick={() => query.refetch()}>
            Try again
          </Button>
        </StateBox>
      ) : tags.length === 0 ? (
        <StateBox as="p">No tags yet</StateBox>
      ) : (
        <ul className={styles.cloud} aria-label="Tag cloud">
          {tags.map((tag) => (
            <li key={tag.name}>
              <button
                type="button"
                className={`${styles.tag} ${styles[tag.level]}`}
                data-level={tag.level}
                title={`${tag.name} (${tag.count})`}
                aria-label={`${tag.name}, ${itemCount(tag.count)}`}
                onClick={() => {
                  onPick(tag.name);
                  onOpenChange(false);
                }}
              >
                {cutTagLabel(tag.name)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
