import { Mail } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { Button } from '../../ui/Button.tsx';
import { SendEmailModal } from '../sharing/SendEmailModal.tsx';

/**
 * Send a note by mail (spec part 2 §7, issue 18 part 6): the note page's Send an Email, the same
 * flow as the library's (POST /message_mana/send_msg), with the note under its current title.
 */
export function NoteMailButton({ item, title }: { item: ItemReply; title: string }) {
  const [open, setOpen] = useState(false);
  const items = useMemo(() => (open ? [{ ...item, title }] : []), [open, item, title]);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        icon={<Mail size={16} aria-hidden="true" />}
        onClick={() => setOpen(true)}
      >
        Send an Email
      </Button>
      <SendEmailModal items={items} onClose={() => setOpen(false)} />
    </>
  );
}
