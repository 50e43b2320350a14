import { useEffect, useState } from 'react';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { MAIL_MSG } from '../../../shared/schemas/mail.ts';
import { ApiError } from '../../api/client.ts';
import { useContacts, useSendMsg } from '../../api/sharing.ts';
import { Button } from '../../ui/Button.tsx';
import { ChipInput } from '../../ui/ChipInput.tsx';
import { addChip } from '../../ui/chips.ts';
import { Modal } from '../../ui/Modal.tsx';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { quotesOf } from './quotes.ts';
import { recipientCount, recipientOk, sendToOf } from './recipients.ts';
import styles from './Sharing.module.css';

/**
 * Send an Email (spec part 1 §2, §5): recipients as chips (contacts, addresses, '#group', user
 * names), a required subject and a message. The mail carries each item's share link (so recipients
 * can open it read-only) and every highlight and note of the items.
 */
export function SendEmailModal({ items, onClose }: { items: ItemReply[]; onClose: () => void }) {
  const open = items.length > 0;
  const notify = useNotify();
  const contacts = useContacts(open);
  const send = useSendMsg();
  const [chips, setChips] = useState<string[]>([]);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [warnings, setWarnings] = useState<{ to?: string; subject?: string }>({});
  const quotes = quotesOf(items);
  // the server mails every highlight and note of the items, not only those the row shows collapsed
  const annotationCount = items.reduce(
    (n, i) => n + Math.max(i.annotation_count ?? 0, i.annotations.length),
    0,
  );
  const known = contacts.data ?? [];

  useEffect(() => {
    if (!open) return;
    setChips([]);
    setMessage('');
    setWarnings({});
    setSubject(items.length === 1 ? items[0]!.title : '');
  }, [open, items]);

  if (!open) return null;

  const submit = () => {
    const to = sendToOf(chips, known);
    const next: typeof warnings = {};
    if (chips.some((c) => !recipientOk(c, known)) || recipientCount(to) === 0)
      next.to = MAIL_MSG.recipientRequired;
    if (!subject.trim()) next.subject = MAIL_MSG.subjectRequired;
    setWarnings(next);
    if (next.to || next.subject) return;
    send.mutate(
      {
        send_type: 'some',
        send_to: to,
        message,
        privacy: 'private',
        subject: subject.trim(),
        quotes,
        link_ids: items.map((i) => i.link_id),
      },
      {
        onSuccess: () => {
          notify({ kind: 'done', text: MAIL_MSG.sent });
          onClose();
        },
        onError: (err) => {
          // a refusal the server explains (a limit, an unknown user) is shown with the field
          if (err instanceof ApiError && err.status === 400) {
            if (err.field === 'subject') setWarnings({ subject: err.message });
            else setWarnings({ to: err.message });
          }
          notify({ kind: 'error', text: MAIL_MSG.failed });
        },
      },
    );
  };

  const unused = known.filter((c) => !chips.some((chip) => chip.toLowerCase() === c.name.toLowerCase()));

  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title="Send an Email"
      size="md"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" busy={send.isPending} onClick={submit}>
            Send
          </Button>
        </>
      }
    >
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
      >
        <ChipInput
          label="To"
          chips={chips}
          onChange={(next) => {
            setChips(next);
            if (warnings.to) setWarnings({ ...warnings, to: undefined });
          }}
          placeholder="E-mail addresses, user names or #group"
          isValid={(chip) => recipientOk(chip, known)}
          warning={warnings.to}
        />
        {unused.length > 0 ? (
          <ul className={styles.contacts} aria-label="Contacts">
            {unused.slice(0, 12).map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className={styles.contact}
                  onClick={() => setChips(addChip(chips, c.name))}
                >
                  {c.name}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <TextField
          label="Subject"
          value={subject}
          onChange={(e) => {
            setSubject(e.target.value);
            if (warnings.subject) setWarnings({ ...warnings, subject: undefined });
          }}
          warning={warnings.subject}
        />
        <TextField
          label="Message"
          multiline
          rows={4}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
        {annotationCount > 0 ? (
          <p className={styles.muted}>
            {annotationCount === 1
              ? 'Its highlight goes with the e-mail.'
              : `All ${annotationCount} highlights and notes go with the e-mail, each under its item.`}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
