import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { cleanTagName, cutTagLabel } from './tags-page.ts';

const NAME_REQUIRED = 'Please give the tag name.';

/** Edit Tag (part 1 §2): renames the tag on every item; quotes are stripped as in inline editing. */
export function EditTagModal({
  tag,
  onClose,
  onRename,
}: {
  tag: string;
  onClose: () => void;
  /** resolves true when the rename worked; the modal then closes */
  onRename: (newName: string) => Promise<boolean>;
}) {
  const [value, setValue] = useState(tag);
  const [warning, setWarning] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const formId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = cleanTagName(value);
    // deleting has its own modal and its own confirm, so an empty name here is a mistake
    if (!next) return setWarning(NAME_REQUIRED);
    if (next === tag) return onClose();
    setBusy(true);
    const ok = await onRename(next);
    setBusy(false);
    if (ok) onClose();
  };

  return (
    <Modal
      open
      onOpenChange={(open) => (open || busy ? undefined : onClose())}
      title="Edit Tag"
      size="sm"
      footer={
        <>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form={formId} busy={busy}>
            Save
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <TextField
          label="Tag name"
          value={value}
          warning={warning}
          autoFocus
          maxLength={100}
          onChange={(event) => {
            setValue(event.target.value);
            setWarning(undefined);
          }}
        />
      </form>
    </Modal>
  );
}

/** Delete tag (part 1 §2, §4): removes the tag from every item; the items themselves stay. */
export function DeleteTagModal({
  tag,
  onClose,
  onDelete,
}: {
  tag: string;
  onClose: () => void;
  onDelete: () => Promise<boolean>;
}) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    await onDelete();
    // closes on failure too: the notification says what happened and the tag is still listed
    setBusy(false);
    onClose();
  };

  return (
    <Modal
      open
      onOpenChange={(open) => (open || busy ? undefined : onClose())}
      title="Delete tag"
      size="sm"
      footer={
        <>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} busy={busy} autoFocus>
            Delete
          </Button>
        </>
      }
    >
      <p>
        Delete the tag <strong>{cutTagLabel(tag)}</strong> from all your items? The items themselves stay in
        your library.
      </p>
    </Modal>
  );
}
