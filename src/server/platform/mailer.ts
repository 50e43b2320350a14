import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** an HTML alternative to the text part; the caller escapes what it puts in */
  html?: string;
  replyTo?: string;
  /** extra headers (List-Unsubscribe for a digest) */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP when a URL is given; otherwise each message becomes an .eml file in `outboxDir`. */
export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: opts.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: opts.from, ...message });
      await mkdir(opts.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`;
      await writeFile(path.join(opts.outboxDir, name), info.message as Buffer);
    },
  };
}
