import { type FormEvent, useState } from 'react';
import { Button } from '../../../ui/Button.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import styles from '../Forms.module.css';
import { TagField } from '../TagField.tsx';

/** Revise Tags for the selected items: add the tags (1) or replace theirs with them (0). */
export function ReviseTagsModal(props: {
  count: number;
  busy: boolean;
  onSubmit: (tags: string, mode: 0 | 1) => void;
  onClose: () => void;
}) {
  const [tags, setTags] = useState('');
  const [mode, setMode] = useState<0 | 1>(1);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit(tags, mode);
  };
  return (
    <Modal open={props.count > 0} onOpenChange={(open) => !open && props.onClose()} title="Revise Tags">
      <form onSubmit={submit} className={styles.form}>
        <p>{props.count} item(s) selected</p>
        <TagField value={tags} onChange={setTags} />
        <fieldset className={styles.radios}>
          <legend className="visually-hidden">How to revise</legend>
          <label className={styles.check}>
            <input type="radio" name="mode" checked={mode === 1} onChange={() => setMode(1)} />
            Add these tags
          </label>
          <label className={styles.check}>
            <input type="radio" name="mode" checked={mode === 0} onChange={() => setMode(0)} />
            Replace all tags with these
          </label>
        </fieldset>
        <div className={styles.formButtons}>
          <Button variant="ghost" onClick={props.onClose}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" busy={props.busy}>
            Save
          </Button>
        </div>
      </form>
    </Modal>
  );
}
