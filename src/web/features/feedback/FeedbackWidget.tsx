import * as Popover from '@radix-ui/react-popover';
import { CircleCheck, X } from 'lucide-react';
import { type FormEvent, useLayoutEffect, useRef, useState } from 'react';
import { FEEDBACK_SUBJECT_MAX } from '../../../shared/limits.ts';
import { isSignedIn } from '../../../shared/schemas/values.ts';
import { useContact } from '../../api/feedback.ts';
import { useUserInfo } from '../../api/user-info.ts';
import { Button } from '../../ui/Button.tsx';
import { type FieldWarnings, fieldWarnings, hasWarnings } from '../../ui/field-errors.ts';
import { IconButton } from '../../ui/IconButton.tsx';
import { TextField } from '../../ui/TextField.tsx';
import styles from './Feedback.module.css';
import { FeedbackLauncher } from './FeedbackLauncher.tsx';

interface Draft {
  subject: string;
  message: string;
}

const EMPTY: Draft = { subject: '', message: '' };

/**
 * The floating feedback form (spec part 1 §4): closed, open, processing, success. Blank fields are
 * warned and nothing is sent; a failed send returns to the form with its content and no message.
 */
export function FeedbackWidget({
  open,
  onOpenChange,
  focusLauncher,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  /** the stand-in launcher had the focus while this module loaded: the real one takes it */
  focusLauncher: boolean;
}) {
  const { data: info } = useUserInfo();
  const contact = useContact();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [warnings, setWarnings] = useState<FieldWarnings<Draft>>({});
  const [sentTo, setSentTo] = useState<{ email: string | null } | null>(null);
  const subjectRef = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const launcher = useRef<HTMLButtonElement>(null);
  const focusAtMount = useRef(focusLauncher);
  useLayoutEffect(() => {
    if (focusAtMount.current) launcher.current?.focus();
  }, []);
  const signedIn = isSignedIn(info) ? info : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (contact.isPending) return;
    // the schema (and zod) load on the first send, not with every page (issue 14, Speed)
    const { contactSchema } = await import('../../../shared/schemas/feedback.ts');
    const found = fieldWarnings(contactSchema, draft);
    setWarnings(found);
    if (hasWarnings(found)) {
      (found.subject ? subjectRef : messageRef).current?.focus();
      return;
    }
    contact.mutate(draft, {
      onSuccess: (reply) => setSentTo({ email: reply.email ?? signedIn?.email ?? null }),
    });
  };

  const startOver = () => {
    setDraft(EMPTY);
    setWarnings({});
    setSentTo(null);
    contact.reset();
  };

  const edit = (field: keyof Draft) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    if (warnings[field]) setWarnings((w) => ({ ...w, [field]: undefined }));
  };

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>
        <FeedbackLauncher ref={launcher} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className={styles.panel}
          side="top"
          align="end"
          sideOffset={10}
          collisionPadding={12}
          aria-label="Send us feedback"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (sentTo ? null : subjectRef.current)?.focus();
          }}
        >
          <header className={styles.header}>
            <h2 className={styles.title}>{sentTo ? 'Thank you' : 'Send us feedback'}</h2>
            <Popover.Close asChild>
              <IconButton label="Close" icon={<X size={18} aria-hidden="true" />} />
            </Popover.Close>
          </header>
          {sentTo ? (
            <div className={styles.success} role="status">
              <CircleCheck size={32} className={styles.successIcon} aria-hidden="true" />
              <p className={styles.successTitle}>Message sent!</p>
              {sentTo.email ? <p>We'll be in touch through {sentTo.email}</p> : null}
              <Button variant="secondary" onClick={startOver} autoFocus>
                Send us another message
              </Button>
            </div>
          ) : (
            <form className={styles.form} onSubmit={submit} noValidate>
              {signedIn?.premium.isPremium ? (
                <p className={styles.priority}>As a premium member, you get priority support.</p>
              ) : null}
              <TextField
                ref={subjectRef}
                label="Subject"
                value={draft.subject}
                warning={warnings.subject}
                onChange={(e) => edit('subject')(e.target.value)}
                maxLength={FEEDBACK_SUBJECT_MAX}
              />
              <TextField
                ref={messageRef}
                multiline
                label="Message"
                rows={5}
                value={draft.message}
                warning={warnings.message}
                onChange={(e) => edit('message')(e.target.value)}
              />
              <Button type="submit" variant="primary" disabled={contact.isPending} className={styles.send}>
                {contact.isPending ? 'SENDING ...' : 'Send'}
              </Button>
            </form>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
