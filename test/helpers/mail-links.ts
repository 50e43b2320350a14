import type { ReceivedMail } from './smtp.ts';

/** The text of a received mail with quoted-printable soft breaks and escapes undone. */
export function mailText(mail: ReceivedMail): string {
  return mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The last mail sent to `to`, and the first link in it under `path`. */
export function linkIn(inbox: ReceivedMail[], to: string, path: string): { mail: ReceivedMail; url: URL } {
  const mail = [...inbox].reverse().find((m) => m.to.includes(to.toLowerCase()) || m.to.includes(to));
  if (!mail) throw new Error(`no mail to ${to}`);
  const match = mailText(mail).match(new RegExp(`https?://[^\\s]+${path.replace(/[/?]/g, '\\$&')}[^\\s]*`));
  if (!match) throw new Error(`no ${path} link in the mail to ${to}`);
  return { mail, url: new URL(match[0]) };
}
