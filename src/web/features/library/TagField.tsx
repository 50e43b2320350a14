import { fetchTagSuggestions } from '../../api/tags.ts';
import styles from './Forms.module.css';
import { SuggestInput } from './SuggestInput.tsx';
import { applyTag, lastTagToken } from './text.ts';

/** Space-separated tags with suggestions from the user's own tags; quoted names keep their spaces. */
export function TagField({
  value,
  onChange,
  label = 'Tags',
}: {
  value: string;
  onChange: (v: string) => void;
  label?: string;
}) {
  return (
    <div className={styles.field}>
      <span className={styles.fieldLabel} aria-hidden="true">
        {label}
      </span>
      <SuggestInput
        label={label}
        value={value}
        onChange={onChange}
        prefixOf={lastTagToken}
        fetchSuggestions={fetchTagSuggestions}
        apply={applyTag}
        placeholder='space-separated, "quoted names" keep spaces'
      />
    </div>
  );
}
