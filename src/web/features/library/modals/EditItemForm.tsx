import { type FormEvent, useEffect, useState } from 'react';
import type { ItemReply } from '../../../../shared/schemas/items.ts';
import { prefillTagInput, splitTName } from '../../../../shared/tags.ts';
import { useSaveBookmark } from '../../../api/items.ts';
import { Button } from '../../../ui/Button.tsx';
import { useNotify } from '../../../ui/notifications/NotificationProvider.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import styles from '../Forms.module.css';
import { DetailFields } from './DetailFields.tsx';

/**
 * The Edit Item form: title, URL, tags, description, unread and private, saved by link_id. The
 * library shows it in a modal, the item view in its second area.
 */
export function EditItemForm({ item, onDone }: { item: ItemReply | null; onDone: () => void }) {
  const save = useSaveBookmark();
  const notify = useNotify();
  const [form, setForm] = useState({
    title: '',
    url: '',
    tags: '',
    description: '',
    unread: false,
    private: false,
  });
  useEffect(() => {
    if (item) {
      setForm({
        title: item.title,
        url: item.url,
        tags: prefillTagInput(splitTName(item.t_name)),
        description: item.description,
        unread: item.readed === 0,
        private: item.private === 1,
      });
      save.reset();
    }
  }, [item, save.reset]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!item) return;
    // the promise, not mutate's callbacks: those are dropped when the item the form shows is
    // refreshed by this very save (the item view's second area shows the live item)
    save
      .mutateAsync({
        link_id: item.link_id,
        title: form.title,
        tags: form.tags,
        description: form.description,
        unread: form.unread,
        private: form.private,
        ...(item.type_name === 'bookmark' && form.url !== item.url ? { new_url: form.url } : {}),
      })
      .then(
        () => {
          notify({ text: 'Item saved.', kind: 'done' });
          onDone();
        },
        // shown by save.error below the fields
        () => undefined,
      );
  };

  return (
    <form onSubmit={submit} className={styles.form}>
      <TextField
        label="Title"
        value={form.title}
        onChange={(e) => setForm({ ...form, title: e.target.value })}
      />
      {item?.type_name === 'bookmark' ? (
        <TextField label="URL" value={form.url} onChange={(e) => setForm({ ...form, url: e.target.value })} />
      ) : null}
      <DetailFields
        value={form}
        onChange={setForm}
        unreadLabel="Unread"
        showPrivate={item?.type_name !== 'note'}
      />
      {save.error ? (
        <p className={styles.formError} role="alert">
          {save.error.message}
        </p>
      ) : null}
      <div className={styles.formButtons}>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button variant="primary" type="submit" busy={save.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
