import { type FormEvent, useState } from 'react';
import { type Outliner, OutlinerRefused, useCreateOutliner } from '../../api/outliners.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { outlinerText } from './messages.ts';

/** Create an outliner: a title; a refusal shows the server's reason (part 2 §8). */
export function CreateOutlinerModal(props: {
  open: boolean;
  onClose: () => void;
  onCreated: (outliner: Outliner) => void;
}) {
  const create = useCreateOutliner();
  const [title, setTitle] = useState('');
  const [warning, setWarning] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = title.trim();
    if (!text) {
      setWarning(outlinerText.titleRequired);
      return;
    }
    create.mutate(text, {
      onSuccess: (outliner) => {
        setTitle('');
        setWarning(undefined);
        props.onCreated(outliner);
      },
      onError: (err) =>
        setWarning(err instanceof OutlinerRefused ? err.message : 'There are some errors, please try later.'),
    });
  };
  return (
    <Modal
      open={props.open}
      onOpenChange={(open) => !open && props.onClose()}
      title={outlinerText.createOne}
      size="sm"
    >
      <form onSubmit={submit}>
        <TextField
          label="Title"
          value={title}
          maxLength={200}
          autoFocus
          warning={warning}
          onChange={(e) => {
            setTitle(e.target.value);
            setWarning(undefined);
          }}
        />
        <Button type="submit" variant="primary" busy={create.isPending}>
          Create
        </Button>
      </form>
    </Modal>
  );
}
