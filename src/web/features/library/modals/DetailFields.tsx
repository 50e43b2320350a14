import { TextField } from '../../../ui/TextField.tsx';
import styles from '../Forms.module.css';
import { TagField } from '../TagField.tsx';

export interface Details {
  tags: string;
  description: string;
  unread: boolean;
  private: boolean;
}

/** The fields Add bookmark and Edit Item share: tags, description, unread and (not for notes) private. */
export function DetailFields<T extends Details>(props: {
  value: T;
  onChange: (next: T) => void;
  unreadLabel: string;
  showPrivate: boolean;
}) {
  const { value, onChange } = props;
  return (
    <>
      <TagField value={value.tags} onChange={(tags) => onChange({ ...value, tags })} />
      <TextField
        label="Description"
        multiline
        rows={3}
        value={value.description}
        onChange={(e) => onChange({ ...value, description: e.target.value })}
      />
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={value.unread}
          onChange={(e) => onChange({ ...value, unread: e.target.checked })}
        />
        {props.unreadLabel}
      </label>
      {props.showPrivate ? (
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={value.private}
            onChange={(e) => onChange({ ...value, private: e.target.checked })}
          />
          Private
        </label>
      ) : null}
    </>
  );
}
