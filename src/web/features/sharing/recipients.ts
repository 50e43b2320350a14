import { EMAIL_PATTERN } from '../../../shared/schemas/auth.ts';
import type { Contact } from '../../../shared/schemas/mail.ts';

/** The e-mail's send_to (spec part 1 §3): contact ids, addresses, groups and user names. */
export interface SendTo {
  friends: string[];
  emails: string[];
  lists: string[];
  usernames: string[];
}

/** User names: a letter first, then 5-15 letters, digits, hyphens or underscores (spec part 1 §5). */
const USER_NAME = /^[A-Za-z][\w-]{5,15}$/;

export const isEmail = (chip: string) => EMAIL_PATTERN.test(chip);

/** A chip reads as a recipient: a contact by its label, an address, a group as '#name', or a user name. */
export function recipientOk(chip: string, contacts: readonly Contact[] = []): boolean {
  return (
    contactOf(chip, contacts) !== undefined ||
    isEmail(chip) ||
    (chip.startsWith('#') && chip.length > 1) ||
    USER_NAME.test(chip)
  );
}

function contactOf(chip: string, contacts: readonly Contact[]) {
  const key = chip.toLowerCase();
  return contacts.find((c) => c.name.toLowerCase() === key);
}

/** Sorts the chips into the payload's lists; chips that are none of them are left out. */
export function sendToOf(chips: readonly string[], contacts: readonly Contact[] = []): SendTo {
  const to: SendTo = { friends: [], emails: [], lists: [], usernames: [] };
  for (const chip of chips) {
    const contact = contactOf(chip, contacts);
    if (contact) to.friends.push(contact.id);
    else if (isEmail(chip)) to.emails.push(chip);
    else if (chip.startsWith('#') && chip.length > 1) to.lists.push(chip.slice(1));
    else if (USER_NAME.test(chip)) to.usernames.push(chip);
  }
  return to;
}

export const recipientCount = (to: SendTo) =>
  to.friends.length + to.emails.length + to.lists.length + to.usernames.length;
