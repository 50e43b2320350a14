import { OUTLINER_TITLE_MAX } from '../../../shared/schemas/outliners.ts';
import { useTitleEdit } from '../../ui/use-title-edit.ts';
import styles from './OutlinerPage.module.css';

/** The outliner's title: saved with Enter or on leaving the field when non-empty and changed; Escape reverts. */
export function OutlinerTitle(props: {
  title: string;
  onRename: (title: string) => void;
  readOnly?: boolean;
}) {
  const field = useTitleEdit(props.title, props.onRename);
  if (props.readOnly) return <h1 className={styles.title}>{props.title}</h1>;
  return (
    <h1 className={styles.titleHeading}>
      <input
        className={styles.titleInput}
        aria-label="Outliner title"
        maxLength={OUTLINER_TITLE_MAX}
        {...field}
      />
    </h1>
  );
}
